import { Anchor, Stack, Text } from '@mantine/core';
import {
  backOfficeMessages,
  DELIVERY_LIST_FIELDS,
  deliveryPageMessages,
  listFieldLabel,
  type Delivery,
  type DeliveryListFieldName,
} from '@lizenzportal/domain';
import { Link } from 'react-router';
import { backendDeliveryPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { DeliveryKind } from '../components/delivery-labels.tsx';
import { Facts } from '../components/facts.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import type { ListColumns } from '../lists/list-table.tsx';

/** A column's or fact's label: the label of the list field it shows. */
const label = (name: DeliveryListFieldName) => listFieldLabel(DELIVERY_LIST_FIELDS, name);

/** The delivery list's columns and opened rows (`/backend/delivery`). */
export const deliveryColumns: ListColumns<Delivery> = {
  columns: [
    {
      accessor: 'recipient',
      title: label('recipient'),
      render: (delivery) => (
        <Stack gap={0}>
          {delivery.recipientName && <Text size="sm">{delivery.recipientName}</Text>}
          <Text size="sm" c={delivery.recipientName ? 'dimmed' : undefined}>
            {delivery.recipient}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'subject',
      title: label('subject'),
      render: (delivery) => (
        <Anchor component={Link} to={backendDeliveryPath(delivery._id)} size="sm">
          {delivery.subject}
        </Anchor>
      ),
    },
    {
      accessor: 'occasion',
      title: deliveryPageMessages.kindColumn,
      render: (delivery) => <DeliveryKind delivery={delivery} />,
    },
    {
      accessor: 'progress',
      title: label('progress'),
      render: (delivery) => <ProgressBadge progress={delivery.progress} />,
    },
    {
      accessor: 'createdAt',
      title: label('createdAt'),
      render: (delivery) => <DateTimeText value={delivery.createdAt} />,
    },
  ],
  expansion: (delivery) => (
    <Stack gap="sm" p="sm">
      <Facts
        items={[
          [label('note'), delivery.note ?? backOfficeMessages.noNote],
          [label('error'), delivery.error],
          [label('attempts'), delivery.attempts],
          [label('sentAt'), <DateTimeText key="sentAt" value={delivery.sentAt} />],
        ]}
      />
      <Anchor component={Link} to={backendDeliveryPath(delivery._id)} size="sm">
        {deliveryPageMessages.openDeliveryDetails}
      </Anchor>
    </Stack>
  ),
};
