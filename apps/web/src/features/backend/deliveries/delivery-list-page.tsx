import { backOfficeMessages, DELIVERY_LIST, deliveryPageMessages } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { EntityList, listTable } from '../lists/entity-list.tsx';

/** The table and its columns come after the list's first screen (decision 072). */
const TABLE = listTable(async () => (await import('./delivery-list-columns.tsx')).deliveryColumns);

/** `/backend/delivery`: „Alle Versand-Aktionen”, newest first. */
export function DeliveryListPage() {
  return (
    <Page>
      <EntityList
        list={DELIVERY_LIST}
        table={TABLE}
        idAccessor="_id"
        rowLabel={(delivery) => deliveryPageMessages.rowLabel(delivery.subject, delivery.recipient)}
        emptyText={backOfficeMessages.noDeliveries}
        errorTitle={backOfficeMessages.deliveriesLoadFailed}
      />
    </Page>
  );
}
