import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { documentTitle, shopDemoMessages, type AddToCartMessage } from '@lizenzportal/domain';
import { useEffect, useRef, useState } from 'react';
import { usePageTitle } from '@/lib/page-title';
import { ASSISTANT_PATH } from '@/lib/paths';
import { useSettings } from '@/lib/settings';
import { readAssistantMessage } from './received-messages.ts';
import { addressOnShopOrigin } from './shop-origin.ts';
import { ShopCart } from './shop-cart.tsx';
import { SimulateOrder } from './simulate-order.tsx';

/** The iframe starts this high, until the assistant says how high it wants to be. */
const INITIAL_FRAME_HEIGHT = 850;

/**
 * A stand-in for the vendor's shop page (DESIGN.md §6): it frames the assistant, follows its
 * `adjust_height` and `scroll_to_top`, and shows the cart of its `add_to_cart` — so the whole
 * flow runs locally. It listens to its own iframe only, from the assistant's origin only.
 */
export function ShopDemoPage() {
  const title = usePageTitle();
  const frame = useRef<HTMLIFrameElement>(null);
  const cartHeading = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(INITIAL_FRAME_HEIGHT);
  const [cart, setCart] = useState<AddToCartMessage | null>(null);
  const settings = useSettings().data;
  const simulatedOrders = settings?.shopDemoOrders ?? false;
  // The assistant posts its cart to the configured shop origin only: elsewhere it never arrives.
  const otherOrigin = settings && addressOnShopOrigin(settings.shopOrigin, new URL(window.location.href));

  useEffect(() => {
    function receive(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = readAssistantMessage(event.data);
      if (message?.type === 'adjust_height') setHeight(message.data.height);
      if (message?.type === 'scroll_to_top') frame.current?.scrollIntoView({ block: 'start' });
      if (message?.type === 'add_to_cart') setCart(message.data);
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, []);

  useEffect(() => {
    if (!cart) return;
    cartHeading.current?.scrollIntoView({ block: 'start' });
    cartHeading.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [cart]);

  return (
    <Container component="main" size="md" py="md" px="sm">
      <title>{documentTitle(title)}</title>
      <Stack>
        <Title order={1}>{title}</Title>
        {/* A standing explanation, not news: Mantine's default role="alert" would announce it. */}
        <Alert color="gray" role="note">
          <Text size="sm">{shopDemoMessages.standsForTheShop}</Text>
        </Alert>
        {otherOrigin && (
          <Alert color="yellow" role="alert">
            <Text size="sm">{shopDemoMessages.otherOrigin(otherOrigin.origin, otherOrigin.address)}</Text>
          </Alert>
        )}
        <div ref={cartHeading}>
          {cart && (
            <ShopCart cart={cart}>
              {/* A new cart is a new checkout: the form starts afresh. */}
              {simulatedOrders && <SimulateOrder key={JSON.stringify(cart)} cart={cart} />}
            </ShopCart>
          )}
        </div>
        <iframe
          ref={frame}
          src={ASSISTANT_PATH}
          title={shopDemoMessages.assistantFrame}
          style={{ width: '100%', height, border: 0, display: 'block' }}
        />
      </Stack>
    </Container>
  );
}
