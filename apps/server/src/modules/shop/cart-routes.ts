import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartClaims,
  cartTokenResponseSchema,
  priceLines,
  productCartRequestSchema,
  type ShopProductIds,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { CartTokens } from '../../lib/cart-tokens.ts';

const cartKeysResponseSchema = z.object({
  keys: z.array(
    z.object({
      id: z.string(),
      algorithm: z.literal('Ed25519'),
      publicKey: z.string(),
      current: z.boolean(),
    }),
  ),
});

/**
 * The shop's side of the hand-off (decision 065): the portal's public keys, which the plugin
 * verifies cart tokens with, and the signed cart of a new purchase without session (a session's
 * cart: `POST /upgrade-session/{id}/cart`).
 */
export const shopCartRoutes: FastifyPluginAsyncZod<{
  cartTokens: CartTokens;
  productIds: ShopProductIds;
}> = async (app, { cartTokens, productIds }) => {
  app.get(
    '/shop/cart-keys',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shop'],
        summary:
          'The public Ed25519 keys the shop verifies the portal’s cart tokens with (current first; during a rotation also the previous one)',
        response: { 200: dataEnvelope(cartKeysResponseSchema) },
      },
    },
    async () => ({ data: { keys: cartTokens.keys() } }),
  );

  app.post(
    '/shop/cart',
    {
      config: limitedPublic,
      schema: {
        tags: ['shop'],
        summary:
          'The cart of a new purchase without session for the shop: its products priced by the portal in the buyer’s country and signed',
        body: productCartRequestSchema,
        response: { 200: dataEnvelope(cartTokenResponseSchema) },
      },
    },
    async (request) => {
      const { products, countryCode, purchaseType } = request.body;
      const priced = priceLines(products, countryCode);
      return { data: cartTokens.sign(cartClaims(priced, { purchaseType, sessionId: null, productIds })) };
    },
  );
};
