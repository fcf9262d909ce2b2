import { Table, Text } from '@mantine/core';
import { assistantScreens, formatMoney, formatPercent, type Cart } from '@lizenzportal/domain';

/**
 * The priced cart (customer spec §3): per group (a reseller line) its items with base price,
 * volume discount and net, then net, VAT and gross of the whole cart — all from the domain's
 * pricing function.
 */
export function CartTable({ cart }: { cart: Cart }) {
  const grouped = cart.groupedLineItems.length > 1 || cart.groupedLineItems[0]?.customerReference;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" striped={false}>
        <Table.Caption>{assistantScreens.cartCaption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{assistantScreens.columnItem}</Table.Th>
            <Table.Th scope="col" ta="right">
              {assistantScreens.columnQuantity}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {assistantScreens.columnBaseNet}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {assistantScreens.columnDiscount}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {assistantScreens.columnNet}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {cart.groupedLineItems.map((group) => (
          <Table.Tbody key={group.uid}>
            {grouped && group.customerReference && (
              <Table.Tr>
                <Table.Th scope="rowgroup" colSpan={5}>
                  {assistantScreens.resellerLine(group.customerReference)}
                </Table.Th>
              </Table.Tr>
            )}
            {group.lineItems.map((item) => (
              <Table.Tr key={item.sku + item.title}>
                <Table.Td>{item.title}</Table.Td>
                <Table.Td ta="right">{item.quantity.toLocaleString('de-DE')}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.itemBaseNet)}</Table.Td>
                <Table.Td ta="right">
                  {item.discountPercent > 0 ? (
                    <>
                      −{formatMoney(item.itemVolumeDiscount)}
                      <Text size="xs" c="dimmed">
                        {assistantScreens.discountPercent(formatPercent(item.discountPercent))}
                      </Text>
                    </>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(item.net)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={4} ta="right">
              {assistantScreens.totalNet}
            </Table.Th>
            <Table.Td ta="right">{formatMoney(cart.totals.net)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" colSpan={4} ta="right">
              {assistantScreens.totalVat(formatPercent(cart.totals.vatRate))}
            </Table.Th>
            <Table.Td ta="right">{formatMoney(cart.totals.vat)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" colSpan={4} ta="right">
              {assistantScreens.totalGross}
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(cart.totals.gross)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
