import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  assistantScreens,
  formatMoney,
  formatPercent,
  SHOWN_PRICES_VAT_RATE,
  shownLineItem,
  type Cart,
  type ShownLineItem,
} from '@lizenzportal/domain';

/** Below this width the five columns do not fit: each item's figures stack under its title. */
const COMPACT_QUERY = '(max-width: 36em)';

/** How an item's unit price comes about, where a volume discount applies (decision 067). */
function ItemDiscount({ item }: { item: ShownLineItem }) {
  if (item.discount === 0) return null;
  return (
    <Text size="xs" component="span" display="block">
      {assistantScreens.itemDiscount(formatMoney(item.listPrice), formatMoney(item.discount))}
    </Text>
  );
}

/** The item's quantity, unit price and sum under its title (the compact layout). */
function ItemFigures({ item }: { item: ShownLineItem }) {
  const { columnQuantity, columnPrice, columnSum } = assistantScreens;
  return (
    <Text size="xs" component="span" display="block">
      {columnQuantity}: {item.quantity.toLocaleString('de-DE')} · {columnPrice}: {formatMoney(item.unitPrice)}{' '}
      · {columnSum}: {formatMoney(item.sum)}
    </Text>
  );
}

/** What the shown prices include and how the net follows from them: „÷ 1,19”. */
const SHOWN_PRICES_NOTE = assistantScreens.shownPricesNote(
  formatPercent(SHOWN_PRICES_VAT_RATE),
  (1 + SHOWN_PRICES_VAT_RATE / 100).toLocaleString('de-DE'),
);

/**
 * The priced cart (customer spec §3): per group (a reseller line, headed by its customer reference
 * and „2 Lizenzen × 5 Arbeitsplätze”, so that its seat quantity is not read as licenses) its items with list price,
 * volume discount, unit price and sum at the shop's prices (German VAT included, so that every row
 * adds up: decision 067) and the line's net — the columns of the offer PDF — then net, VAT and
 * gross of the whole cart, all from the domain's pricing function. On a narrow screen the table keeps two columns, item and net, so that the
 * totals are always in view.
 */
export function CartTable({ cart }: { cart: Cart }) {
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const columns = compact ? 2 : 5;
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
                {assistantScreens.columnPrice}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {assistantScreens.columnSum}
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
          {group.lineItems.map(shownLineItem).map((item) => (
            <Table.Tr key={item.sku + item.title}>
              <Table.Td>
                {item.title}
                {compact && <ItemFigures item={item} />}
                <ItemDiscount item={item} />
              </Table.Td>
              {!compact && (
                <>
                  <Table.Td ta="right">{item.quantity.toLocaleString('de-DE')}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.unitPrice)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.sum)}
                  </Table.Td>
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
  const note = (
    <Text size="xs" mt={4}>
      {SHOWN_PRICES_NOTE}
    </Text>
  );
  return compact ? (
    <div>
      {table}
      {note}
    </div>
  ) : (
    <div>
      <Table.ScrollContainer minWidth={320}>{table}</Table.ScrollContainer>
      {note}
    </div>
  );
}
