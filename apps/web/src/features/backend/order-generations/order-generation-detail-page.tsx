import { Button, Stack, Text } from '@mantine/core';
import {
  backOfficeMessages,
  findListField,
  listFieldLabel,
  ORDER_GENERATION_LIST_FIELDS,
  recordMessages,
  RETRY_ORDER_GENERATION,
  yesNo,
  type OrderGenerationListFieldName,
  type Delivery,
  type OrderGeneration,
} from '@lizenzportal/domain';
import { useRef } from 'react';
import { apiRequest } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { backendUpgradeSessionPath } from '@/lib/paths';
import { ActionFailure } from '../components/action-failure.tsx';
import { AuditPanel } from '../components/audit-trail.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { LicenseLinks, PageLink } from '../components/page-link.tsx';
import { FactsPanel, NotePanel, Panel, PanelGrid } from '../components/panel.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { RecordHeader, RecordPage } from '../components/record-page.tsx';
import { useRecordAction } from '../components/use-record-action.ts';
import { useRecord } from '../components/use-record.ts';
import { DeliveryItem, RelatedList, relatedTexts } from '../components/related-lists.tsx';
import { OrderProducts } from './order-products.tsx';
import { PaymentFlags, PaymentPanel } from './order-payment.tsx';
import { offersUndo, OrderUndo } from './order-undo.tsx';

/** A fact's label: the label of the order generation list's field it shows. */
const label = (name: OrderGenerationListFieldName) => listFieldLabel(ORDER_GENERATION_LIST_FIELDS, name);

/** `/backend/order-generation/{id}`: what a shop order generated, its deliveries, and a retry when it failed. */
export function OrderGenerationDetailPage() {
  const { path, record } = useRecord<'orderGeneration', OrderGeneration>(
    '/order-generation',
    'orderGeneration',
  );
  const failure = useRef<HTMLParagraphElement>(null);
  const retry = useRecordAction({
    request: () => apiRequest<{ orderGeneration: OrderGeneration }>(`${path}/retry`, { method: 'POST' }),
    success: backOfficeMessages.orderGenerationRetried,
    // The record and its audit trail (`[path, 'audit']`) both load anew.
    refresh: [[path]],
  });
  return (
    <RecordPage record={record} errorTitle={backOfficeMessages.orderGenerationLoadFailed}>
      {(generation) => (
        <Stack>
          <RecordHeader
            action={
              generation.progress === 'failed' ? (
                <Button
                  onClick={() =>
                    // A failure stays beside the button (the toast goes after five seconds).
                    retry.mutate(undefined, { onError: () => focusAfterAction(() => failure.current) })
                  }
                  loading={retry.isPending}
                >
                  {RETRY_ORDER_GENERATION}
                </Button>
              ) : (
                offersUndo(generation) && <OrderUndo path={path} generation={generation} />
              )
            }
          >
            <Text fw={600}>{recordMessages.orderNamed(generation.order)}</Text>
            <ProgressBadge progress={generation.progress} />
            <PaymentFlags generation={generation} />
          </RecordHeader>
          <ActionFailure ref={failure} error={retry.error} />
          <PanelGrid>
            <FactsPanel
              title={recordMessages.properties}
              items={[
                [recordMessages.order, generation.order],
                [label('createdAt'), <DateTimeText key="created" value={generation.createdAt} />],
                [label('updatedAt'), <DateTimeText key="updated" value={generation.updatedAt} />],
                [label('deliver'), yesNo(generation.deliver)],
                [
                  label('upgradeSession'),
                  generation.upgradeSession && (
                    <PageLink to={backendUpgradeSessionPath(generation.upgradeSession)}>
                      {generation.upgradeSession}
                    </PageLink>
                  ),
                ],
                [label('error'), generation.error],
              ]}
            />
            <Panel title={recordMessages.products}>
              <OrderProducts products={generation.products} />
            </Panel>
            <PaymentPanel generation={generation} />
            <Panel title={label('licenses')}>
              <LicenseLinks ids={generation.licenses} empty={backOfficeMessages.noLicenses} />
            </Panel>
            <NotePanel title={label('note')} note={generation.note} />
            <AuditPanel
              path={path}
              fieldLabel={(field) => findListField(ORDER_GENERATION_LIST_FIELDS, field)?.label ?? field}
            />
          </PanelGrid>
          <Panel title={recordMessages.deliveries}>
            <RelatedList<Delivery>
              path={`${path}/delivery`}
              read={(data) => data['deliveries'] ?? []}
              {...relatedTexts.deliveries}
              item={(delivery) => <DeliveryItem delivery={delivery} />}
            />
          </Panel>
        </Stack>
      )}
    </RecordPage>
  );
}
