import type {
  CartTokenResponse,
  SignCartInput,
  CreatedOffer,
  CreateOfferInput,
  CreateUpgradeSessionRequest,
  CreateUpgradeSessionResponse,
  LoadedOffer,
  LoadOfferInput,
  OfferedSession,
  PatchSessionInput,
  UpgradeSession,
} from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/**
 * The upgrade-session calls of the assistant (DESIGN.md §2): a session is created without a
 * user; its own token authorizes the later calls, an offer's token reads an offered session.
 */
const SESSIONS = '/upgrade-session';

export function createSession(request: CreateUpgradeSessionRequest): Promise<CreateUpgradeSessionResponse> {
  return apiRequest<CreateUpgradeSessionResponse>(SESSIONS, { method: 'POST', body: request, signIn: true });
}

export function patchSession({ sessionId, sessionToken, patch }: PatchSessionInput) {
  return apiRequest<{ session: UpgradeSession }>(`${SESSIONS}/${encodeURIComponent(sessionId)}`, {
    method: 'PATCH',
    body: patch,
    bearer: sessionToken,
  });
}

/** Creates the offer (PDF by e-mail): the offered session and the code that reloads it. */
export function createOffer({ sessionId, sessionToken, offer }: CreateOfferInput): Promise<CreatedOffer> {
  return apiRequest<CreatedOffer>(`${SESSIONS}/${encodeURIComponent(sessionId)}/offer`, {
    method: 'POST',
    body: offer,
    bearer: sessionToken,
  });
}

/** An offer by its code: the code buys an offer token, which reads the offered session. */
export async function loadOffer({ offerCode }: LoadOfferInput): Promise<LoadedOffer> {
  const { offerToken } = await apiRequest<{ offerToken: string }>(`${SESSIONS}/offer-code`, {
    method: 'POST',
    body: { offerCode },
    signIn: true,
  });
  const { session } = await apiRequest<{ session: OfferedSession }>(`${SESSIONS}/offered`, {
    bearer: offerToken,
  });
  return { session, offerToken };
}

/**
 * The cart for the shop, priced and signed by the portal (decision 065): a session's with its token
 * (rejects with 409 once an order bought it, in another tab, say; 410 once its offer expired), a
 * new purchase's without session by its products.
 */
export function signCart(input: SignCartInput): Promise<CartTokenResponse> {
  if ('products' in input) {
    return apiRequest<CartTokenResponse>('/shop/cart', {
      method: 'POST',
      body: input.products,
      signIn: true,
    });
  }
  return apiRequest<CartTokenResponse>(`${SESSIONS}/${encodeURIComponent(input.sessionId)}/cart`, {
    method: 'POST',
    bearer: input.token,
  });
}
