import { Button, Group, List, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  formatMoney,
  PRODUCTS,
  shopDemoMessages as texts,
  type SimulatedOrderRequest,
  type SimulatedOrderResponse,
  type SimulatedRefundRequest,
  type SimulatedRefundResponse,
} from '@lizenzportal/domain';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { apiRequest, failedCall } from '@/lib/api';

/**
 * „Erstattung simulieren” (development only, decision 066): what the shop does when it gives money
 * back for an order this page placed — a refund of some lines or of the rest of the order — sent
 * to the portal as WooCommerce's `order.updated`, every refund made so far listed on the order.
 */
export function SimulateRefund({
  cart,
  placed,
}: {
  cart: SimulatedOrderRequest;
  placed: SimulatedOrderResponse;
}) {
  const [quantities, setQuantities] = useState(cart.products.map(() => 0));
  const [made, setMade] = useState<SimulatedRefundResponse['refund'][]>([]);
  const [full, setFull] = useState(false);
  const [missing, setMissing] = useState(false);
  const refund = useMutation({
    mutationFn: (lines: SimulatedRefundRequest['lines']) =>
      apiRequest<SimulatedRefundResponse>('/shop/demo-order/refund', {
        method: 'POST',
        body: { cart, order: placed.order, previous: made, lines } satisfies SimulatedRefundRequest,
      }),
    onSuccess: (answer) => {
      setMade((current) => [answer.refund, ...current]);
      setFull(answer.full);
      setQuantities(cart.products.map(() => 0));
    },
  });

  function partial(event: FormEvent) {
    event.preventDefault();
    const lines = cart.products
      .map((product, index) => ({ sku: product.sku, quantity: quantities[index]! }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) setMissing(true);
    else refund.mutate(lines);
  }

  return (
    <Stack gap="sm" component="form" onSubmit={partial} aria-labelledby="simulate-refund-title">
      <Title order={3} id="simulate-refund-title">
        {texts.refundTitle}
      </Title>
      <Text size="sm">{texts.refundExplanation}</Text>
      <Text size="sm" c="dimmed">
        {texts.refundLinesHint}
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        {cart.products.map((product, index) => (
          <NumberInput
            key={index}
            label={texts.refundQuantityOf(PRODUCTS[product.sku].title, product.sku)}
            value={quantities[index]}
            onChange={(value) => {
              setMissing(false);
              setQuantities((current) =>
                current.map((quantity, at) =>
                  at === index
                    ? Math.min(product.quantity, Math.max(0, Math.trunc(Number(value) || 0)))
                    : quantity,
                ),
              );
            }}
            min={0}
            max={product.quantity}
            allowDecimal={false}
            allowNegative={false}
            disabled={full}
            error={missing && index === 0 ? texts.pickRefundQuantity : undefined}
            miw={200}
          />
        ))}
      </Group>
      {refund.isError && (
        <ErrorBox
          title={texts.refundFailed}
          failure={failedCall(refund.error)}
          message={refund.error.message}
        />
      )}
      <Group>
        <Button type="submit" variant="light" loading={refund.isPending} disabled={full}>
          {texts.refundPartial}
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={() => refund.mutate(null)}
          disabled={full || refund.isPending}
        >
          {texts.refundFull}
        </Button>
      </Group>
      <Stack gap={4} role="status" aria-live="polite">
        {refund.isPending && <Text size="sm">{texts.refunding}</Text>}
        {made.length > 0 && (
          <List size="sm">
            {made.map((item) => (
              <List.Item key={item.id}>{texts.refundSent(item.id, formatMoney(item.gross))}</List.Item>
            ))}
          </List>
        )}
        {full && <Text size="sm">{texts.fullyRefunded}</Text>}
      </Stack>
    </Stack>
  );
}
