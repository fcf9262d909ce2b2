import { z } from 'zod';
import type { Filter } from '../list-query/address-syntax.ts';
import { deliveryFailureMessages } from '../messages/deliveries.ts';
import { addDays, filterDate, type CalendarDay } from './calendar.ts';
import { OVERVIEW_LISTS, type RecordsLink } from './records.ts';

/** How far ahead „Braucht Aufmerksamkeit” looks for offers that run out. */
export const EXPIRING_OFFER_DAYS = 7;

const failed: Filter = { field: 'progress', operator: 'eq', values: ['failed'] };
/** A second payment of a session („Doppelt bezahlt?”): counted on its own, not among the failed. */
const paidTwice = (operator: 'exists' | 'existsnot'): Filter => ({
  field: 'paidTwiceFor',
  operator,
  values: [],
});
/** A failed delivery that was resent („Erneut senden”) has been dealt with. */
const notResent: Filter = { field: 'resent', operator: 'eq', values: ['false'] };
const inDoubt = (operator: 'startswith' | 'startswithnot'): Filter => ({
  field: 'error',
  operator,
  values: [deliveryFailureMessages.handoverInterrupted],
});

/**
 * What „Braucht Aufmerksamkeit” counts, in the order the page shows it: each a back-office list
 * with its filters. The server counts through the list itself, the page links to it, so the count
 * and the list it opens always agree. `today` is the Berlin calendar day of the request.
 */
export const ATTENTION_ITEMS = {
  failedOrderGenerations: (): RecordsLink => ({
    list: 'orderGeneration',
    filters: [failed, paidTwice('existsnot')],
  }),
  paidTwice: (): RecordsLink => ({ list: 'orderGeneration', filters: [failed, paidTwice('exists')] }),
  /** Delivered (or on its way) though the money does not match: a failed one is counted as failed. */
  amountDiffers: (): RecordsLink => ({
    list: 'orderGeneration',
    filters: [
      { field: 'amountDiffers', operator: 'eq', values: ['true'] },
      { field: 'progress', operator: 'neq', values: ['failed'] },
    ],
  }),
  /** The shop gave money back or cancelled the order, and what it made is still active (decision 066). */
  refundedActive: (): RecordsLink => ({
    list: 'orderGeneration',
    filters: [{ field: 'withdrawal', operator: 'eq', values: ['open'] }],
  }),
  failedDeliveries: (): RecordsLink => ({
    list: 'delivery',
    filters: [failed, inDoubt('startswithnot'), notResent],
  }),
  deliveriesInDoubt: (): RecordsLink => ({
    list: 'delivery',
    filters: [failed, inDoubt('startswith'), notResent],
  }),
  expiringOffers: (today: CalendarDay): RecordsLink => ({
    list: 'upgradeSession',
    filters: [
      { field: 'status', operator: 'eq', values: ['offered'] },
      {
        field: 'offerValidUntil',
        operator: 'lte',
        values: [filterDate(addDays(today, EXPIRING_OFFER_DAYS))],
      },
    ],
  }),
} as const satisfies Record<string, (today: CalendarDay) => RecordsLink>;

export type AttentionItem = keyof typeof ATTENTION_ITEMS;
export const ATTENTION_ITEM_NAMES = Object.keys(ATTENTION_ITEMS) as AttentionItem[];

/** `GET /api/v1/overview/attention`: each count, with the list (and its filter address) that shows its records. */
export const attentionSchema = z.object({
  items: z.array(
    z.object({
      item: z.enum(ATTENTION_ITEM_NAMES as [AttentionItem, ...AttentionItem[]]),
      list: z.enum(OVERVIEW_LISTS),
      /** The list's `filter` address parameter (`field~operator~value__…`). */
      filter: z.string(),
      count: z.int().min(0),
      /** False: more match than `count`, where the list stopped counting. */
      countExact: z.boolean(),
    }),
  ),
});
export type Attention = z.infer<typeof attentionSchema>;
