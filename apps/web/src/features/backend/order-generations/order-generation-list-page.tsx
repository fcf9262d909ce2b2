import { Anchor, Stack, Text } from '@mantine/core';
import { backOfficeMessages, ORDER_GENERATION_LIST_FIELDS, type OrderGeneration } from '@lizenzportal/domain';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { backendOrderGenerationPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { ProgressBadge } from '../components/progress-badge.tsx';
import { EntityList } from '../lists/entity-list.tsx';
import { OrderProducts } from './order-products.tsx';

/** `/backend/order-generation`: „Alle Shop-Generierungen”, newest first. */
export function OrderGenerationListPage() {
  return (
    <Page>
      <EntityList<'orderGenerations', OrderGeneration>
        resource={{ path: '/order-generation', key: 'orderGenerations' }}
        fields={ORDER_GENERATION_LIST_FIELDS}
        idAccessor="_id"
        rowLabel={(generation) => `Bestellung ${generation.order}`}
        emptyText={backOfficeMessages.noOrderGenerations}
        errorTitle={backOfficeMessages.orderGenerationsLoadFailed}
        expansion={(generation) => (
          <Stack gap="sm" p="sm">
            <Facts
              items={[
                ['Notiz', generation.note ?? backOfficeMessages.noNote],
                ['Fehler', generation.error],
                ['Lizenzen', generation.licenses.length],
              ]}
            />
            <Anchor component={Link} to={backendOrderGenerationPath(generation._id)} size="sm">
              Details der Shop-Generierung öffnen
            </Anchor>
          </Stack>
        )}
        columns={[
          {
            accessor: 'order',
            title: 'Bestellung',
            render: (generation) => (
              <Anchor component={Link} to={backendOrderGenerationPath(generation._id)}>
                {generation.order}
              </Anchor>
            ),
          },
          {
            accessor: 'progress',
            title: 'Fortschritt',
            render: (generation) => <ProgressBadge progress={generation.progress} />,
          },
          {
            accessor: 'products',
            title: 'Produkte',
            render: (generation) => <OrderProducts products={generation.products} />,
          },
          {
            accessor: 'licenses',
            title: 'Lizenzen',
            render: (generation) => <Text size="sm">{generation.licenses.length}</Text>,
          },
          {
            accessor: 'createdAt',
            title: 'Erzeugt',
            render: (generation) => <DateTimeText value={generation.createdAt} />,
          },
        ]}
      />
    </Page>
  );
}
