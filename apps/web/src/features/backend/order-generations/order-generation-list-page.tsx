import { backOfficeMessages, ORDER_GENERATION_LIST, recordMessages } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { EntityList, listTable } from '../lists/entity-list.tsx';
import { IgnoredShopOrders } from './ignored-shop-orders.tsx';
import { ShopReconciliationNotice } from './shop-reconciliation-notice.tsx';

/** The table and its columns come after the list's first screen (decision 072). */
const TABLE = listTable(
  async () => (await import('./order-generation-list-columns.tsx')).orderGenerationColumns,
);

/**
 * `/backend/order-generation`: „Alle Shop-Generierungen”, newest first; above them a notice while
 * the reconciliation with the shop fails, below them the paid orders left to the shop.
 */
export function OrderGenerationListPage() {
  return (
    <Page>
      <ShopReconciliationNotice />
      <EntityList
        list={ORDER_GENERATION_LIST}
        table={TABLE}
        idAccessor="_id"
        rowLabel={(generation) => recordMessages.orderNamed(generation.order)}
        emptyText={backOfficeMessages.noOrderGenerations}
        errorTitle={backOfficeMessages.orderGenerationsLoadFailed}
      />
      <IgnoredShopOrders />
    </Page>
  );
}
