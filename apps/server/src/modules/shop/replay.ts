import fs from 'node:fs/promises';
import { wooCommerceOrderSchema } from '@lizenzportal/domain';
import { webhookSignature } from './signature.ts';

/** How long the portal may take to answer (it answers before the generation runs). */
const TIMEOUT_MS = 30_000;

/** What the portal did with the order, in a sentence. */
function outcome(received: string, generation: string | null): string {
  switch (received) {
    case 'created':
      return `accepted, order generation ${generation} started.`;
    case 'known':
      return `known already (order generation ${generation}): nothing new.`;
    case 'noted':
      return `withdrawn in the shop: noted on order generation ${generation}.`;
    case 'not-paid':
      return 'not paid (no processing or completed status with a payment date): nothing generated.';
    case 'ignored':
      return 'no product of the portal in it (a book, cards, …): left to the shop, nothing generated.';
    default:
      return `${received}.`;
  }
}

/**
 * Reads a WooCommerce order file, checks it and posts it signed to the portal's webhook. The
 * message says what happened, or what is wrong and what to do, for every way it can fail.
 */
export async function replayOrderFile(
  file: string,
  options: { portalUrl: string; secret: string },
): Promise<{ ok: boolean; message: string }> {
  let body: string;
  try {
    body = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, message: `No such file: ${file}` };
    if (code === 'EISDIR') return { ok: false, message: `${file} is a directory, not an order file.` };
    return { ok: false, message: `${file} cannot be read: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, message: `${file} is not valid JSON: ${(error as Error).message}` };
  }
  const parsed = wooCommerceOrderSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue!.path.length > 0 ? issue!.path.join('.') : 'the file';
    return { ok: false, message: `${file} is not a WooCommerce order: ${where}: ${issue!.message}` };
  }
  const url = `${options.portalUrl.replace(/\/+$/, '')}/api/v1/shop/webhook`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'order.updated',
        'x-wc-webhook-resource': 'order',
        'x-wc-webhook-signature': webhookSignature(body, options.secret),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    return {
      ok: false,
      message: `No portal answers at ${url} (${cause}). Is it running? Give its address with --url.`,
    };
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: { received: string; order: string | null; orderGeneration: string | null };
    error?: { message: string };
  } | null;
  if (response.status === 401) {
    return {
      ok: false,
      message: `The portal refused the signature (401): SHOP_WEBHOOK_SECRET here is not the portal's. Run this with the portal's settings.`,
    };
  }
  if (!response.ok || !answer?.data) {
    return {
      ok: false,
      message: `The portal refused the order (${response.status}): ${answer?.error?.message ?? 'no answer'}`,
    };
  }
  const { received, order, orderGeneration } = answer.data;
  return { ok: true, message: `Order ${order ?? parsed.data.number}: ${outcome(received, orderGeneration)}` };
}
