import { Anchor, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backOfficeMessages, type Delivery } from '@lizenzportal/domain';
import { Link, useNavigate, useParams } from 'react-router';
import { apiRequest } from '@/lib/api';
import { backendDeliveryPath, backendLicensePath, backendOrderGenerationPath } from '@/lib/paths';
import { AuditTrail, auditKey } from '../components/audit-trail.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { RecordPage } from '../components/record-page.tsx';
import { useRecord } from '../components/use-record.ts';
import { Panel } from '../order-generations/order-generation-detail-page.tsx';
import { DeliveryKind } from './delivery-labels.tsx';

async function openDocument(documentKey: string) {
  try {
    const { url } = await apiRequest<{ url: string }>('/document/url', {
      method: 'POST',
      body: { documentKey },
    });
    window.open(url, '_blank', 'noopener');
  } catch (error) {
    notifications.show({ color: 'red', message: backOfficeMessages.failed((error as Error).message) });
  }
}

/** `/backend/delivery/{id}`: recipient, subject, the mail as sent (in a sandboxed frame), documents, error, resend. */
export function DeliveryDetailPage() {
  const { id = '' } = useParams();
  const path = `/delivery/${id}`;
  const record = useRecord<'delivery', Delivery>(path, 'delivery');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const resend = useMutation({
    mutationFn: () => apiRequest<{ delivery: Delivery }>(path, { method: 'POST' }),
    onSuccess: async ({ delivery }) => {
      notifications.show({ color: 'green', message: backOfficeMessages.resent });
      await queryClient.invalidateQueries({ queryKey: auditKey(path) });
      await queryClient.invalidateQueries({ queryKey: ['/delivery', 'list'] });
      void navigate(backendDeliveryPath(delivery._id));
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: backOfficeMessages.failed(error.message) }),
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
              Erneut senden
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Panel title="Eigenschaften">
              <Facts
                columns={2}
                items={[
                  ['Empfänger', delivery.recipient],
                  ['Name des Empfängers', delivery.recipientName],
                  ['Betreff', delivery.subject],
                  ['Erzeugt', <DateTimeText key="created" value={delivery.createdAt} />],
                  ['Gesendet', <DateTimeText key="sent" value={delivery.sentAt} />],
                  ['Versuche', delivery.attempts],
                  ['Fehler', delivery.error],
                  [
                    'Shop-Generierung',
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
                    'Erneut gesendet von',
                    delivery.resentFrom && (
                      <Anchor component={Link} to={backendDeliveryPath(delivery.resentFrom)} size="sm">
                        {delivery.resentFrom}
                      </Anchor>
                    ),
                  ],
                ]}
              />
            </Panel>
            <Panel title="Lizenzen und Dokumente">
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
                <Text size="sm">Noch keine Dokumente versendet</Text>
              ) : (
                <Group gap="xs">
                  {delivery.documents.map((documentKey, index) => (
                    <Button
                      key={documentKey}
                      size="xs"
                      variant="light"
                      onClick={() => void openDocument(documentKey)}
                    >
                      Dokument {index + 1} öffnen
                    </Button>
                  ))}
                </Group>
              )}
            </Panel>
            <Panel title="Notiz">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {delivery.note ?? backOfficeMessages.noNote}
              </Text>
            </Panel>
            <Panel title="Änderungsprotokoll">
              <AuditTrail
                path={path}
                fieldLabel={(field) => (field === 'resentAs' ? 'Neue Versand-Aktion' : field)}
              />
            </Panel>
          </SimpleGrid>
          <Panel title="Inhalt">
            {delivery.content ? (
              <iframe
                title="Inhalt der E-Mail"
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
