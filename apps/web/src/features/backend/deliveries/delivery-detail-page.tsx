import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  backOfficeMessages,
  DELIVERY_LIST_FIELDS,
  deliveryLinkMessages,
  deliveryPageMessages,
  formatDateTimeToMinute,
  listFieldLabel,
  recordMessages,
  type Delivery,
  type DeliveryListFieldName,
  DELIVERY_LIST,
  UNRENDERABLE_OCCASIONS,
} from '@lizenzportal/domain';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { backendDeliveryPath, backendOrderGenerationPath } from '@/lib/paths';
import { ActionFailure } from '../components/action-failure.tsx';
import { AuditPanel, auditKey } from '../components/audit-trail.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { useOpenStoredDocument } from '../components/open-document.ts';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { PageLink, LicenseLinks } from '../components/page-link.tsx';
import { RecordHeader, RecordPage } from '../components/record-page.tsx';
import { useRecordAction } from '../components/use-record-action.ts';
import { useRecord } from '../components/use-record.ts';
import { listQueryKey } from '../lists/use-list.ts';
import { FactsPanel, NotePanel, Panel, PanelGrid } from '../components/panel.tsx';
import { DeliveryKind } from '../components/delivery-labels.tsx';

/** A fact's label: the label of the delivery list's field it shows. */
const label = (name: DeliveryListFieldName) => listFieldLabel(DELIVERY_LIST_FIELDS, name);

/** `/backend/delivery/{id}`: recipient, subject, the mail as sent (in a sandboxed frame), documents, error, resend. */
export function DeliveryDetailPage() {
  const { path, record } = useRecord<'delivery', Delivery>('/delivery', 'delivery');
  const navigate = useNavigate();
  const failure = useRef<HTMLParagraphElement>(null);
  const openDocument = useOpenStoredDocument();
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
          <RecordHeader
            action={
              // A contact change's mails are not sent again (the server refuses them).
              !UNRENDERABLE_OCCASIONS.includes(delivery.occasion) && (
                <Button
                  onClick={() =>
                    // A failure stays beside the button (the toast goes after five seconds).
                    resend.mutate(undefined, { onError: () => focusAfterAction(() => failure.current) })
                  }
                  loading={resend.isPending}
                >
                  {deliveryPageMessages.resend}
                </Button>
              )
            }
          >
            <DeliveryKind delivery={delivery} />
            <ProgressBadge progress={delivery.progress} />
          </RecordHeader>
          <ActionFailure ref={failure} error={resend.error} />
          <PanelGrid>
            <FactsPanel
              title={recordMessages.properties}
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
                    <PageLink to={backendOrderGenerationPath(delivery.orderGeneration)}>
                      {delivery.orderGeneration}
                    </PageLink>
                  ),
                ],
                [
                  label('resentFrom'),
                  delivery.resentFrom && (
                    <PageLink to={backendDeliveryPath(delivery.resentFrom)}>{delivery.resentFrom}</PageLink>
                  ),
                ],
              ]}
            />
            <Panel title={deliveryPageMessages.licensesAndDocuments}>
              <LicenseLinks ids={delivery.licenses} />
              {delivery.documents.length === 0 ? (
                <Text size="sm">{deliveryPageMessages.noDocumentsSent}</Text>
              ) : (
                <Group gap="xs">
                  {delivery.documents.map((documentKey, index) => (
                    <Button
                      key={documentKey}
                      size="xs"
                      variant="light"
                      loading={openDocument.running === documentKey}
                      onClick={() => openDocument.start(documentKey)}
                    >
                      {deliveryPageMessages.openDocument(index + 1)}
                    </Button>
                  ))}
                </Group>
              )}
              <ActionFailure {...openDocument.failure} />
              {delivery.documentsLink && <DocumentsLink link={delivery.documentsLink} />}
            </Panel>
            <NotePanel title={label('note')} note={delivery.note} />
            <AuditPanel
              path={path}
              fieldLabel={(field) => (field === 'resentAs' ? deliveryPageMessages.resentAs : field)}
            />
          </PanelGrid>
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

/**
 * The link a delivery mailed instead of attachments too large (decision 070): the same signed link
 * to the ZIP of its documents while it is valid, else when it ran out (a resend mails a new one).
 */
function DocumentsLink({ link }: { link: NonNullable<Delivery['documentsLink']> }) {
  // Read once when the page shows it: a link running out while the page is open is refused by the server.
  const [expired] = useState(() => Date.parse(link.expiresAt) <= Date.now());
  const until = formatDateTimeToMinute(link.expiresAt);
  return (
    <Stack gap={4}>
      <Text size="sm">{deliveryLinkMessages.sentAsLink}</Text>
      {expired ? (
        <Text size="sm">{deliveryLinkMessages.expiredAt(until)}</Text>
      ) : (
        <Group gap="xs">
          <Anchor href={link.url} size="sm">
            {deliveryLinkMessages.label}
          </Anchor>
          <Text size="sm">{deliveryLinkMessages.validUntil(until)}</Text>
        </Group>
      )}
    </Stack>
  );
}
