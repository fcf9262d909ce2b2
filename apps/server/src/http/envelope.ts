import { z } from 'zod';

/** Security headers of every API answer: never sniffed, never stored by caches, not for other sites. */
export const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
} as const;

/** `{ data: … }`: the body of every successful API response. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const errorEnvelopeSchema = z.object({
  error: z.object({
    status: z.int(),
    code: z.string(),
    message: z.string(),
    field: z
      .string()
      .optional()
      .describe(
        'The field of the request a 400 is about, as a dotted path (`holder.email`); the message names it by its German label.',
      ),
    /** The request's id, as in its `X-Request-Id` header and every log line of it. */
    requestId: z.string(),
  }),
});

/** The body of an action without parameters: none, or an empty object; anything else is a 400. */
export const noParametersBody = z.strictObject({}).nullish();
