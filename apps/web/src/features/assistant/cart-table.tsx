import { Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  assistantScreens,
  formatMoney,
  formatPercent,
  type Cart,
  type CartLineItem,
} from '@lizenzportal/domain';

/** Below this width the six columns do not fit: each item's figures stack under its title. */
const COMPACT_QUERY = '(max-width: 36em)';

const discount = (item: CartLineItem) =>
  item.discountPercent === 0 ? '–' : formatPercent(item.discountPercent);

/** The item's quantity, prices and discount as lines under its title (the compact layout). */
function ItemFigures({ item }: { item: CartLineItem }) {
  const { columnQuantity, columnListPrice, columnDiscount, columnPrice } = assistantScreens;
  return (
    <Stack gap={0} component="span">
      <Text size="xs" component="span">
        {columnQuantity}: {item.quantity.toLocaleString('de-DE')} · {columnPrice}: {formatMoney(item.itemNet)}
      </Text>
      {item.discountPercent > 0 && (
        <Text size="xs" component="span">
          {columnListPrice}: {formatMoney(item.itemBaseNet)} · {columnDiscount}: {discount(item)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The priced cart (customer spec §3): per group (a reseller line, headed by its customer reference
 * and „2 Lizenzen × 5 Arbeitsplätze”, so that its seat quantity is not read as licenses) its items with list price,
 * volume discount, discounted price and net — the columns of the offer PDF — then net, VAT and gross of the whole cart — all from the domain's
 * pricing function. On a narrow screen the table keeps two columns, item and net, so that the
 * totals are always in view.
 */
export function CartTable({ cart }: { cart: Cart }) {
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const columns = compact ? 2 : 6;
  const grouped = cart.groupedLineItems.length > 1 || cart.groupedLineItems[0]?.customerReference;
  const total = (label: string, amount: number, strong = false) => (
    <Table.Tr>
      <Table.Th scope="row" colSpan={columns - 1} ta="right">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount)}
      </Table.Td>
    </Table.Tr>
  );
  const table = (
    <Table verticalSpacing="xs" striped={false}>
      <Table.Caption>{assistantScreens.cartCaption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{assistantScreens.columnItem}</Table.Th>
          {!compact && (
            <>
              <Table.Th scope="col" ta="right">
                {assistantScreens.columnQuantity}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {assistantScreens.columnListPrice}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {assistantScreens.columnDiscount}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {assistantScreens.columnPrice}
              </Table.Th>
            </>
          )}
          <Table.Th scope="col" ta="right">
            {assistantScreens.columnNet}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      {cart.groupedLineItems.map((group) => (
        <Table.Tbody key={group.uid}>
          {grouped && group.customerReference && (
            <Table.Tr>
              <Table.Th scope="rowgroup" colSpan={columns}>
                {group.licenses
                  ? assistantScreens.resellerLineHeading(
                      group.customerReference,
                      group.licenses.count,
                      group.licenses.size,
                    )
                  : assistantScreens.resellerLine(group.customerReference)}
              </Table.Th>
            </Table.Tr>
          )}
          {group.lineItems.map((item) => (
            <Table.Tr key={item.sku + item.title}>
              <Table.Td>
                {item.title}
                {compact && <ItemFigures item={item} />}
              </Table.Td>
              {!compact && (
                <>
                  <Table.Td ta="right">{item.quantity.toLocaleString('de-DE')}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.itemBaseNet)}</Table.Td>
                  <Table.Td ta="right">{discount(item)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.itemNet)}</Table.Td>
                </>
              )}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.net)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      ))}
      <Table.Tfoot>
        {total(assistantScreens.totalNet, cart.totals.net)}
        {total(assistantScreens.totalVat(formatPercent(cart.totals.vatRate)), cart.totals.vat)}
        {total(assistantScreens.totalGross, cart.totals.gross, true)}
      </Table.Tfoot>
    </Table>
  );
  return compact ? table : <Table.ScrollContainer minWidth={320}>{table}</Table.ScrollContainer>;
}
