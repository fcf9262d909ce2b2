import { useQuery } from '@tanstack/react-query';
import type { AddToCartMessage, UpgradeSession } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

export interface Buyer {
  name: string;
  email: string;
}

/** The cart's session as its customer reads it: with the session's token, or an offer's token. */
async function cartSession(cart: AddToCartMessage, signal: AbortSignal): Promise<UpgradeSession | null> {
  const address = cart.sessionToken
    ? `/upgrade-session/${encodeURIComponent(cart.sessionId ?? '')}`
    : '/upgrade-session/offered';
  const bearer = cart.sessionToken ?? cart.offerToken;
  if (!bearer) return null;
  const { session } = await apiRequest<{ session: UpgradeSession }>(address, { bearer, signal });
  return session;
}

/**
 * Who buys, as a shop's checkout fills it in from the cart's session: the billing's name and
 * e-mail address, else the holder's (an update names its holder, not its billing). `undefined`
 * while the session loads; without one (or when it cannot be read) what the cart itself says.
 */
export function useCartBuyer(cart: AddToCartMessage): Buyer | undefined {
  const session = useQuery({
    queryKey: ['shop-demo', 'cart-session', cart.sessionId, cart.sessionToken, cart.offerToken],
    queryFn: ({ signal }) => cartSession(cart, signal),
    retry: false,
    staleTime: Infinity,
  });
  if (session.isPending) return undefined;
  const billing = session.data?.billing ?? cart.billing;
  const holder = session.data?.holder;
  return {
    name: billing.name ?? cart.billing.name ?? holder?.name ?? '',
    email: billing.email ?? cart.billing.email ?? holder?.email ?? '',
  };
}
