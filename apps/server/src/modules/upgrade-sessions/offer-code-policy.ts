import type { ThrottlePolicy } from '../auth/throttle.ts';

/**
 * 20 wrong offer codes per client and 15 minutes. Codes are 9 characters of 56 (about 5·10^15):
 * even with a thousand open offers, one client needs some 7 million years on average to hit one; a customer
 * who mistypes waits at most 15 minutes after the 20th try.
 */
export const OFFER_CODE_POLICY: ThrottlePolicy = { maxFailures: 20, windowSeconds: 15 * 60 };
