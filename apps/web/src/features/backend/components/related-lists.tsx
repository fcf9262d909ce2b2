import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  backOfficeMessages,
  deliveryPageMessages,
  recordMessages,
  PURCHASE_TYPE_LABELS,
  UPGRADE_SESSION_STATUS_LABELS,
  type Delivery,
  type OrderGeneration,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '@/lib/api';
import { backendDeliveryPath, backendOrderGenerationPath } from '@/lib/paths';
import { DateTimeText } from './date-time-text.tsx';
import { ProgressBadge } from './progress-badge.tsx';
import { DeliveryKind } from './delivery-labels.tsx';
import { RecordState } from './record-page.tsx';

interface RelatedListProps<Item> {
  path: string;
  read: (data: Record<string, Item[]>) => Item[];
  errorTitle: string;
  emptyText: string;
  item: (item: Item) => ReactNode;
}

/** The items of one kind that belong to a record (a detail page's tab), with error panel and retry. */
export function RelatedList<Item extends { _id: string }>({
  path,
  read,
  errorTitle,
  emptyText,
  item,
}: RelatedListProps<Item>) {
  const query = useQuery({
    queryKey: [path, 'related'],
    queryFn: ({ signal }) => apiRequest<Record<string, Item[]>>(path, { signal }),
  });
  return (
    <RecordState record={query} errorTitle={errorTitle} loaderSize="sm">
      {(data) => <RelatedItems items={read(data)} emptyText={emptyText} item={item} />}
    </RecordState>
  );
}

function RelatedItems<Item extends { _id: string }>({
  items,
  emptyText,
  item,
}: Pick<RelatedListProps<Item>, 'emptyText' | 'item'> & { items: Item[] }) {
  if (items.length === 0) return <Text size="sm">{emptyText}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((entry) => (
        <li key={entry._id}>{item(entry)}</li>
      ))}
    </Stack>
  );
}

export function OrderGenerationItem({ generation }: { generation: OrderGeneration }) {
  return (
    <Group gap="xs">
      <Anchor component={Link} to={backendOrderGenerationPath(generation._id)}>
        {recordMessages.orderNamed(generation.order)}
      </Anchor>
      <ProgressBadge progress={generation.progress} />
      <Text size="sm">
        <DateTimeText value={generation.createdAt} />
      </Text>
    </Group>
  );
}

export function DeliveryItem({ delivery }: { delivery: Delivery }) {
  return (
    <Group gap="xs">
      <Anchor component={Link} to={backendDeliveryPath(delivery._id)} style={{ overflowWrap: 'anywhere' }}>
        {delivery.subject}
      </Anchor>
      <DeliveryKind delivery={delivery} />
      <ProgressBadge progress={delivery.progress} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {deliveryPageMessages.to} {delivery.recipient} · <DateTimeText value={delivery.createdAt} />
      </Text>
    </Group>
  );
}

export function UpgradeSessionItem({ session, link }: { session: UpgradeSessionDetail; link: string }) {
  return (
    <Group gap="xs">
      <Anchor component={Link} to={link}>
        {PURCHASE_TYPE_LABELS[session.purchaseType]} {session.fromVersion ?? '-'} → {session.toVersion}
      </Anchor>
      <Text size="sm">
        {UPGRADE_SESSION_STATUS_LABELS[session.status]} · <DateTimeText value={session.createdAt} />
      </Text>
    </Group>
  );
}

export const relatedTexts = {
  orderGenerations: {
    errorTitle: backOfficeMessages.orderGenerationsLoadFailed,
    emptyText: backOfficeMessages.noOrderGenerations,
  },
  deliveries: {
    errorTitle: backOfficeMessages.deliveriesLoadFailed,
    emptyText: backOfficeMessages.noDeliveries,
  },
} as const;
