import { Anchor, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  backOfficeMessages,
  DELIVERY_LIST_FIELDS,
  deliveryPageMessages,
  listFieldLabel,
  recordMessages,
  type Delivery,
  type DeliveryListFieldName,
  DELIVERY_LIST,
} from '@lizenzportal/domain';
import { Link, useNavigate, useParams } from 'react-router';
import { apiRequest } from '@/lib/api';
import { backendDeliveryPath, backendLicensePath, backendOrderGenerationPath } from '@/lib/paths';
import { AuditTrail, auditKey } from '../components/audit-trail.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { openStoredDocument } from '../components/open-document.ts';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { RecordPage } from '../components/record-page.tsx';
import { useRecordAction } from '../components/use-record-action.ts';
import { useRecord } from '../components/use-record.ts';
import { listQueryKey } from '../lists/use-list.ts';
import { Panel } from '../components/panel.tsx';
import { DeliveryKind } from '../components/delivery-labels.tsx';

/** A fact's label: the label of the delivery list's field it shows. */
const label = (name: DeliveryListFieldName) => listFieldLabel(DELIVERY_LIST_FIELDS, name);

/** `/backend/delivery/{id}`: recipient, subject, the mail as sent (in a sandboxed frame), documents, error, resend. */
export function DeliveryDetailPage() {
  const { id = '' } = useParams();
  const path = `/delivery/${id}`;
  const record = useRecord<'delivery', Delivery>(path, 'delivery');
  const navigate = useNavigate();
  const resend = useRecordAction({
    request: () => apiRequest<{ delivery: Delivery }>(path, { method: 'POST' }),
    success: backOfficeMessages.resent,
    refresh: [auditKey(path), listQueryKey(DELIVERY_LIST)],
    // The resent mail is a delivery of its own.
    afterRefresh: ({ delivery: resent }) => void navigate(backendDeliveryPath(resent._id)),
  });
  return (
    <RecordPage record={record} errorTitle={backOfficeMessages.deliveryLoadFailed}>
      {(delivery) => (
        <Stack>
          <Group justify="space-between">
            <Group gap="xs">
              <DeliveryKind delivery={delivery} />
              <ProgressBadge progress={delivery.progress} />
            </Group>
            <Button onClick={() => resend.mutate()} loading={resend.isPending}>
              {deliveryPageMessages.resend}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Panel title={recordMessages.properties}>
              <Facts
                columns={2}
                items={[
                  [label('recipient'), delivery.recipient],
                  [label('recipientName'), delivery.recipientName],
                  [label('subject'), delivery.subject],
                  [label('createdAt'), <DateTimeText key="created" value={delivery.createdAt} />],
                  [deliveryPageMessages.sent, <DateTimeText key="sent" value={delivery.sentAt} />],
                  [label('attempts'), delivery.attempts],
                  [label('error'), delivery.error],
                  [
                    label('orderGeneration'),
                    delivery.orderGeneration && (
                      <Anchor
                        component={Link}
                        to={backendOrderGenerationPath(delivery.orderGeneration)}
                        size="sm"
                      >
                        {delivery.orderGeneration}
                      </Anchor>
                    ),
                  ],
                  [
                    label('resentFrom'),
                    delivery.resentFrom && (
                      <Anchor component={Link} to={backendDeliveryPath(delivery.resentFrom)} size="sm">
                        {delivery.resentFrom}
                      </Anchor>
                    ),
                  ],
                ]}
              />
            </Panel>
            <Panel title={deliveryPageMessages.licensesAndDocuments}>
              <List size="sm">
                {delivery.licenses.map((license) => (
                  <List.Item key={license}>
                    <Anchor component={Link} to={backendLicensePath(license)} size="sm">
                      {license}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
              {delivery.documents.length === 0 ? (
                <Text size="sm">{deliveryPageMessages.noDocumentsSent}</Text>
              ) : (
                <Group gap="xs">
                  {delivery.documents.map((documentKey, index) => (
                    <Button
                      key={documentKey}
                      size="xs"
                      variant="light"
                      onClick={() => void openStoredDocument(documentKey)}
                    >
                      {deliveryPageMessages.openDocument(index + 1)}
                    </Button>
                  ))}
                </Group>
              )}
            </Panel>
            <Panel title={label('note')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {delivery.note ?? backOfficeMessages.noNote}
              </Text>
            </Panel>
            <Panel title={recordMessages.auditTrail}>
              <AuditTrail
                path={path}
                fieldLabel={(field) => (field === 'resentAs' ? deliveryPageMessages.resentAs : field)}
              />
            </Panel>
          </SimpleGrid>
          <Panel title={label('content')}>
            {delivery.content ? (
              <iframe
                title={deliveryPageMessages.mailContent}
                sandbox=""
                srcDoc={delivery.content}
                style={{ width: '100%', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)' }}
              />
            ) : (
              <Text size="sm">{backOfficeMessages.noContent}</Text>
            )}
          </Panel>
        </Stack>
      )}
    </RecordPage>
  );
}
