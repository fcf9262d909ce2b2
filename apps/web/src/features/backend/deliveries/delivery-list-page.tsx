import { Anchor, Stack, Text } from '@mantine/core';
import { backOfficeMessages, DELIVERY_LIST_FIELDS, type Delivery } from '@lizenzportal/domain';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { backendDeliveryPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { EntityList } from '../lists/entity-list.tsx';
import { DeliveryKind } from './delivery-labels.tsx';

/** `/backend/delivery`: „Alle Versand-Aktionen”, newest first. */
export function DeliveryListPage() {
  return (
    <Page>
      <EntityList<'deliveries', Delivery>
        resource={{ path: '/delivery', key: 'deliveries' }}
        fields={DELIVERY_LIST_FIELDS}
        idAccessor="_id"
        rowLabel={(delivery) => `${delivery.subject} an ${delivery.recipient}`}
        emptyText={backOfficeMessages.noDeliveries}
        errorTitle={backOfficeMessages.deliveriesLoadFailed}
        expansion={(delivery) => (
          <Stack gap="sm" p="sm">
            <Facts
              items={[
                ['Notiz', delivery.note ?? backOfficeMessages.noNote],
                ['Fehler', delivery.error],
                ['Versuche', delivery.attempts],
                ['Gesendet am', <DateTimeText key="sentAt" value={delivery.sentAt} />],
              ]}
            />
            <Anchor component={Link} to={backendDeliveryPath(delivery._id)} size="sm">
              Details der Versand-Aktion öffnen
            </Anchor>
          </Stack>
        )}
        columns={[
          {
            accessor: 'recipient',
            title: 'Empfänger',
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
            title: 'Betreff',
            render: (delivery) => (
              <Anchor component={Link} to={backendDeliveryPath(delivery._id)} size="sm">
                {delivery.subject}
              </Anchor>
            ),
          },
          { accessor: 'occasion', title: 'Art', render: (delivery) => <DeliveryKind delivery={delivery} /> },
          {
            accessor: 'progress',
            title: 'Fortschritt',
            render: (delivery) => <ProgressBadge progress={delivery.progress} />,
          },
          {
            accessor: 'createdAt',
            title: 'Erzeugt',
            render: (delivery) => <DateTimeText value={delivery.createdAt} />,
          },
        ]}
      />
    </Page>
  );
}
