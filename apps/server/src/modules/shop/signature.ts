import crypto from 'node:crypto';

/** `X-WC-Webhook-Signature`: base64 of the HMAC-SHA256 of the raw body bytes with the webhook secret. */
export function webhookSignature(body: Uint8Array | string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * Whether the header is the body's signature. Compared in constant time (as digests of equal
 * length), so the answer's timing tells nothing about how much of a forged signature was right.
 */
export function isValidWebhookSignature(
  body: Uint8Array,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header) return false;
  const expected = crypto.createHash('sha256').update(webhookSignature(body, secret)).digest();
  const given = crypto.createHash('sha256').update(header.trim()).digest();
  return crypto.timingSafeEqual(expected, given);
}
