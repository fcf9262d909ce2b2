import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SKUS, type Sku } from '@lizenzportal/domain';
import type { Config } from '../../config.ts';
import { dataEnvelope } from '../../http/envelope.ts';

const publicSettingsSchema = z.object({
  vendorName: z.string(),
  vendorAddress: z.string(),
  supportEmail: z.string(),
  shopUrl: z.string(),
  shopOrigin: z.string(),
  /** The shop's admin page of an order, with `{id}` for the order. */
  shopOrderUrl: z.string(),
  helpUrl: z.string(),
  privacyUrl: z.string(),
  /** The shop's product id of each SKU, for the cart the assistant hands to the shop. */
  /** Whether `/shop-demo` may simulate paid orders of its cart (outside production only). */
  shopDemoOrders: z.boolean(),
  shopProductIds: z.object(
    Object.fromEntries(SKUS.map((sku) => [sku, z.number()])) as Record<Sku, z.ZodNumber>,
  ),
});

/** What the web app needs to know of the configuration (no secrets): vendor, links, shop. */
export const settingsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const settings = {
    vendorName: config.vendor.name,
    vendorAddress: config.vendor.address,
    supportEmail: config.mail.supportEmail,
    shopUrl: config.shop.url,
    shopOrigin: config.shop.origin,
    shopOrderUrl: config.shop.orderUrlPattern,
    helpUrl: config.links.help,
    privacyUrl: config.links.privacy,
    shopProductIds: config.shop.productIds,
    shopDemoOrders: !config.isProduction,
  };
  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Public settings of this portal (vendor, support address, links)',
        response: { 200: dataEnvelope(publicSettingsSchema) },
      },
    },
    async () => ({ data: settings }),
  );
};
