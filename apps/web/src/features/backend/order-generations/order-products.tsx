import { List, Text } from '@mantine/core';
import type { OrderProduct } from '@lizenzportal/domain';

/** „10 × Pro-Lizenz (M9-PRO)”: the product lines of a shop order. */
export function OrderProducts({ products }: { products: OrderProduct[] }) {
  if (products.length === 0) return <Text size="sm">-</Text>;
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {products.map((product, index) => (
        <List.Item key={`${product.id ?? index}-${product.sku}`}>
          {product.quantity} × {product.name}
          {product.sku && ` (${product.sku})`}
        </List.Item>
      ))}
    </List>
  );
}
