import { z } from 'zod';
import { SKUS, type Sku } from '../pricing/products.ts';

/** What the web app knows of the portal's configuration (no secrets): vendor, links, shop. */
export const publicSettingsSchema = z.object({
  vendorName: z.string(),
  vendorAddress: z.string(),
  supportEmail: z.string(),
  shopUrl: z.string(),
  shopOrigin: z.string(),
  /** The shop's admin page of an order, with `{id}` for the order. */
  shopOrderUrl: z.string(),
  helpUrl: z.string(),
  privacyUrl: z.string(),
  /** Whether `/shop-demo` may simulate paid orders of its cart (outside production only). */
  shopDemoOrders: z.boolean(),
  /** The shop's product id of each SKU, for the cart the assistant hands to the shop. */
  /**
   * How long this portal keeps personal data, in days (`RETENTION_*`, decision 064): what
   * /datenschutz tells its visitors.
   */
  retention: z.object({
    offerDays: z.number().int(),
    mailTextDays: z.number().int(),
    auditDays: z.number().int(),
  }),
  shopProductIds: z.object(
    Object.fromEntries(SKUS.map((sku) => [sku, z.number()])) as Record<Sku, z.ZodNumber>,
  ),
});

export type PortalSettings = z.infer<typeof publicSettingsSchema>;
