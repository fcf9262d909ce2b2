import { Alert, Badge, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  countryName,
  formatMoney,
  formatPercent,
  PRODUCTS,
  priceShopProducts,
  productLineTitle,
  PURCHASE_TYPE_LABELS,
  shopCartProblem,
  shopDemoMessages,
  type AddToCartMessage,
} from '@lizenzportal/domain';
import type { ReactNode } from 'react';

interface ShopCartProps {
  cart: AddToCartMessage;
  /** Actions of the shop on this cart (below it). */
  children?: ReactNode;
}

/**
 * The cart the assistant handed over, as a shop shows it: products, prices, totals, session. A
 * cart that cannot be priced (a reseller line without its license's size) says why instead.
 */
export function ShopCart({ cart, children }: ShopCartProps) {
  const problem = shopCartProblem(cart.products);
  if (problem) {
    return (
      <Alert color="red" title={shopDemoMessages.cart} role="alert">
        {problem}
      </Alert>
    );
  }
  const priced = priceShopProducts(cart.products, cart.billing.countryCode);
  const items = priced.groupedLineItems.flatMap((group) => group.lineItems);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="shop-cart-title">
      <Stack gap="sm">
        <Title order={2} id="shop-cart-title" tabIndex={-1}>
          {shopDemoMessages.cart}
        </Title>
        <Text size="sm">
          <Badge variant="light" mr="xs">
            {PURCHASE_TYPE_LABELS[cart.purchaseType]}
          </Badge>
          {shopDemoMessages.billingCountry}: {countryName(cart.billing.countryCode)}
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{shopDemoMessages.product}</Table.Th>
                <Table.Th scope="col">{shopDemoMessages.sku}</Table.Th>
                <Table.Th scope="col">{shopDemoMessages.productId}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {shopDemoMessages.quantity}
                </Table.Th>
                <Table.Th scope="col">{shopDemoMessages.customerReference}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cart.products.map((product, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    {product.sku in PRODUCTS ? productLineTitle(product.sku, cart.purchaseType) : product.sku}
                  </Table.Td>
                  <Table.Td>{product.sku}</Table.Td>
                  <Table.Td>{product.productId}</Table.Td>
                  <Table.Td ta="right">{product.quantity.toLocaleString('de-DE')}</Table.Td>
                  <Table.Td>{product.customerReference ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{shopDemoMessages.net}</Table.Th>
              <Table.Td>{formatMoney(priced.totals.net)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">
                {shopDemoMessages.vat} {formatPercent(priced.totals.vatRate)}
              </Table.Th>
              <Table.Td>{formatMoney(priced.totals.vat)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{shopDemoMessages.total}</Table.Th>
              <Table.Td fw={700}>{formatMoney(priced.totals.gross)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {items.some((item) => item.discountPercent > 0) && (
          <Text size="sm" c="dimmed">
            {shopDemoMessages.volumeDiscount}:{' '}
            {formatPercent(Math.max(...items.map((item) => item.discountPercent)))}
          </Text>
        )}
        <Text size="sm">
          {shopDemoMessages.upgradeSession}: <Code>{cart.sessionId ?? '–'}</Code>
          {cart.offerToken && <> · {shopDemoMessages.fromOffer}</>}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
