import type { ThrottlePolicy } from '../auth/index.ts';

/**
 * Offer codes are 9 characters of 56 (about 5·10^15). A client may mistype 10 codes freely, then
 * waits 1, 2, 4 … minutes (at most a day) after each wrong one, and clients in slow-down share one
 * gate that widens the same way: even with a thousand open offers, guessing one takes millions of
 * years, while a customer who gives the right code is never refused.
 */
export const OFFER_CODE_POLICY: ThrottlePolicy = {
  freeFailures: 10,
  maxDelayMinutes: 24 * 60,
  retentionDays: 30,
};

/** The throttle's subject of offer codes: one for all of them (the guesser does not know which exists). */
export const OFFER_CODE_SUBJECT = 'offer-codes';
