import { z } from 'zod';

/**
 * The shop reconciliation as the back office sees it (decision 030): whether it is set up, when
 * it last ran and last succeeded, and why it fails.
 */
export const shopReconciliationSchema = z.object({
  /** The shop's REST credentials are configured (`SHOP_API_KEY`, `SHOP_API_SECRET`): it runs. */
  configured: z.boolean(),
  lastRunAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  /**
   * Whether paid orders the webhook missed are not being found: the last run failed, or none
   * ran for three intervals although it is configured.
   */
  failing: z.boolean(),
  /** Why it fails, in German for staff; null when it does not. */
  reason: z.string().nullable(),
});
export type ShopReconciliation = z.infer<typeof shopReconciliationSchema>;

/** A paid shop order with no line of the portal (a book, printed cards): nothing was made of it. */
export const ignoredShopOrderSchema = z.object({
  order: z.string(),
  shopOrderId: z.number(),
  status: z.string(),
  lines: z.array(z.object({ name: z.string(), sku: z.string().nullable(), quantity: z.int() })),
  receivedAt: z.iso.datetime(),
});
export type IgnoredShopOrder = z.infer<typeof ignoredShopOrderSchema>;

/** How many of the latest ignored orders the back office shows (a search by number finds any). */
export const IGNORED_SHOP_ORDERS_SHOWN = 20;
