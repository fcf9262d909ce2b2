import { Anchor, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { Link, useParams } from 'react-router';
import { apiRequest } from '@/lib/api';
import { backendLicensePath, backendUpgradeSessionPath } from '@/lib/paths';
import { AuditTrail } from '../components/audit-trail.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { Panel } from '../components/panel.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { RecordPage } from '../components/record-page.tsx';
import { useRecordAction } from '../components/use-record-action.ts';
import { useRecord } from '../components/use-record.ts';
import { DeliveryItem, RelatedList, relatedTexts } from '../components/related-lists.tsx';
import { OrderProducts } from './order-products.tsx';

/** A fact's label: the label of the order generation list's field it shows. */
const label = (name: OrderGenerationListFieldName) => listFieldLabel(ORDER_GENERATION_LIST_FIELDS, name);

/** `/backend/order-generation/{id}`: what a shop order generated, its deliveries, and a retry when it failed. */
export function OrderGenerationDetailPage() {
  const { id = '' } = useParams();
  const path = `/order-generation/${id}`;
  const record = useRecord<'orderGeneration', OrderGeneration>(path, 'orderGeneration');
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
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{recordMessages.orderNamed(generation.order)}</Text>
              <ProgressBadge progress={generation.progress} />
            </Group>
            {generation.progress === 'failed' && (
              <Button onClick={() => retry.mutate()} loading={retry.isPending}>
                {RETRY_ORDER_GENERATION}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Panel title={recordMessages.properties}>
              <Facts
                columns={2}
                items={[
                  [recordMessages.order, generation.order],
                  [label('createdAt'), <DateTimeText key="created" value={generation.createdAt} />],
                  [label('updatedAt'), <DateTimeText key="updated" value={generation.updatedAt} />],
                  [label('deliver'), yesNo(generation.deliver)],
                  [
                    label('upgradeSession'),
                    generation.upgradeSession && (
                      <Anchor
                        component={Link}
                        to={backendUpgradeSessionPath(generation.upgradeSession)}
                        size="sm"
                      >
                        {generation.upgradeSession}
                      </Anchor>
                    ),
                  ],
                  [label('error'), generation.error],
                ]}
              />
            </Panel>
            <Panel title={recordMessages.products}>
              <OrderProducts products={generation.products} />
            </Panel>
            <Panel title={label('licenses')}>
              {generation.licenses.length === 0 ? (
                <Text size="sm">{backOfficeMessages.noLicenses}</Text>
              ) : (
                <List size="sm">
                  {generation.licenses.map((license) => (
                    <List.Item key={license}>
                      <Anchor component={Link} to={backendLicensePath(license)} size="sm">
                        {license}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              )}
            </Panel>
            <Panel title={label('note')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {generation.note ?? backOfficeMessages.noNote}
              </Text>
            </Panel>
            <Panel title={recordMessages.auditTrail}>
              <AuditTrail
                path={path}
                fieldLabel={(field) => findListField(ORDER_GENERATION_LIST_FIELDS, field)?.label ?? field}
              />
            </Panel>
          </SimpleGrid>
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
