import { z } from 'zod';
import { DELIVERY_PROGRESSES } from '../delivery/delivery.ts';

/** One product line of the shop order an order generation processes, as the shop sent it. */
export const orderProductSchema = z.object({
  id: z.number().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  productId: z.number().nullable(),
  variationId: z.number().nullable(),
  quantity: z.int(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/**
 * An order generation as the API returns it (back-office spec, entity Order generation): what one
 * paid shop order became — licenses, documents, deliveries — and how far that got.
 */
export const orderGenerationSchema = z.object({
  _id: z.uuid(),
  /** The shop's order number. */
  order: z.string(),
  /** The shop's id of the order (its admin page), when known. */
  shopOrderId: z.number().nullable(),
  progress: z.enum(DELIVERY_PROGRESSES),
  deliver: z.boolean(),
  upgradeSession: z.uuid().nullable(),
  licenses: z.array(z.uuid()),
  note: z.string().nullable(),
  error: z.string().nullable(),
  products: z.array(orderProductSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderGeneration = z.infer<typeof orderGenerationSchema>;
