import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  ADDRESS_FIELD_LABELS,
  PRODUCTS,
  shopDemoMessages,
  type AddToCartMessage,
  type SimulatedOrderRequest,
  type SimulatedOrderResponse,
} from '@lizenzportal/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { apiRequest, failedCall } from '@/lib/api';
import { backendOrderGenerationPath, LOGIN_PATH } from '@/lib/paths';
import { useCartBuyer, type Buyer } from './cart-buyer.ts';
import { SimulateRefund } from './simulate-refund.tsx';

/**
 * The assistant's cart as the order to simulate: its products (at the quantities the buyer left in
 * the shop's cart; 0 removes a line) and hand-off, the checkout's billing.
 */
function orderRequest(
  cart: AddToCartMessage,
  quantities: number[],
  name: string,
  email: string,
): SimulatedOrderRequest {
  return {
    products: cart.products
      .map(({ sku, licenseUid, customerReference, licenseSize }, index) => ({
        sku,
        quantity: quantities[index]!,
        licenseUid,
        customerReference,
        licenseSize,
      }))
      .filter((product) => product.quantity > 0),
    sessionId: cart.sessionId,
    sessionToken: cart.sessionToken,
    offerToken: cart.offerToken,
    cartToken: cart.cartToken,
    billing: { ...cart.billing, name, email },
    purchaseType: cart.purchaseType,
  };
}

/**
 * „Bestellung simulieren” (development only): what the shop's checkout would do with the cart —
 * the buyer's name and e-mail address (filled in from the cart's session), then a paid order the
 * portal receives through its webhook. The result says where the documents went and what next.
 */
export function SimulateOrder({ cart }: { cart: AddToCartMessage }) {
  const buyer = useCartBuyer(cart);
  return buyer ? <Checkout cart={cart} buyer={buyer} /> : <Loader size="sm" />;
}

function Checkout({ cart, buyer }: { cart: AddToCartMessage; buyer: Buyer }) {
  const [name, setName] = useState(buyer.name);
  const [email, setEmail] = useState(buyer.email);
  const handedOver = cart.products.map((product) => product.quantity);
  const [changing, setChanging] = useState(false);
  const [quantities, setQuantities] = useState(handedOver);
  const sent = changing ? quantities : handedOver;
  const changed = sent.some((quantity, index) => quantity !== handedOver[index]);
  const order = useMutation({
    mutationFn: (request: SimulatedOrderRequest) =>
      apiRequest<SimulatedOrderResponse>('/shop/demo-order', { method: 'POST', body: request }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    order.mutate(orderRequest(cart, sent, name.trim(), email.trim()));
  }

  if (order.data) {
    const refused = changed && (cart.sessionId !== null || Boolean(cart.cartToken));
    return (
      <Stack>
        <SimulatedOrderResult result={order.data} refused={refused} />
        {/* Refunds of an order that made licenses: the attention item and the undo to try out. */}
        {!refused && order.data.received === 'created' && (
          <SimulateRefund cart={order.variables} placed={order.data} />
        )}
      </Stack>
    );
  }
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={submit}
      aria-label={shopDemoMessages.simulateOrder}
      aria-describedby="simulate-order-explanation"
    >
      <Text size="sm" id="simulate-order-explanation">
        {shopDemoMessages.simulateExplanation}
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={ADDRESS_FIELD_LABELS['billing.name']}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          maxLength={100}
          miw={200}
        />
        <TextInput
          label={ADDRESS_FIELD_LABELS['billing.email']}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
          maxLength={254}
          miw={200}
        />
      </Group>
      <Checkbox
        label={shopDemoMessages.changeQuantities}
        description={shopDemoMessages.changeQuantitiesHint}
        checked={changing}
        onChange={(event) => setChanging(event.currentTarget.checked)}
      />
      {changing && (
        <Group grow align="flex-start" wrap="wrap">
          {cart.products.map((product, index) => (
            <NumberInput
              key={index}
              label={shopDemoMessages.quantityOf(PRODUCTS[product.sku].title, product.sku)}
              value={quantities[index]}
              onChange={(value) =>
                setQuantities((current) =>
                  current.map((quantity, at) =>
                    at === index ? Math.max(0, Math.trunc(Number(value) || 0)) : quantity,
                  ),
                )
              }
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              miw={200}
            />
          ))}
        </Group>
      )}
      {order.isError && (
        <ErrorBox
          title={shopDemoMessages.simulateFailed}
          failure={failedCall(order.error)}
          message={order.error.message}
        />
      )}
      <Group>
        <Button type="submit" loading={order.isPending}>
          {shopDemoMessages.simulateOrder}
        </Button>
      </Group>
      <Text size="sm" role="status" aria-live="polite">
        {order.isPending ? shopDemoMessages.simulating : ''}
      </Text>
    </Stack>
  );
}

/**
 * What became of the simulated order; `refused`: it paid other quantities than its session or its
 * signed cart priced.
 */
function SimulatedOrderResult({ result, refused }: { result: SimulatedOrderResponse; refused: boolean }) {
  return (
    <Alert
      color={refused ? 'yellow' : 'green'}
      title={shopDemoMessages.orderReceived(result.order)}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          {result.received !== 'created'
            ? shopDemoMessages.orderKnown(result.order)
            : refused
              ? shopDemoMessages.changedQuantitiesSent
              : shopDemoMessages.documentsOnTheirWay(result.email)}
        </Text>
        {!refused && result.mailsInOutbox && <Text size="sm">{shopDemoMessages.outbox}</Text>}
        {!refused && <Text size="sm">{shopDemoMessages.signInHint}</Text>}
        <Group>
          {!refused && (
            <Anchor component={Link} to={LOGIN_PATH}>
              {shopDemoMessages.toSignIn}
            </Anchor>
          )}
          <Anchor component={Link} to={backendOrderGenerationPath(result.orderGeneration)}>
            {shopDemoMessages.toOrderGeneration}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
