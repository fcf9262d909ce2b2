import { apiRequest } from '@/lib/api';
import { useActionWithFailure } from './use-action-with-failure.ts';

/**
 * Opens documents by short-lived signed URLs in a new window; a failure shows „Fehler: …” beside
 * the buttons (`ActionFailure` with the answer's `failure`) until the next try.
 */
export function useOpenDocument<Input>(signedUrl: (input: Input) => Promise<{ url: string }>) {
  return useActionWithFailure(async (input: Input) => {
    const { url } = await signedUrl(input);
    window.open(url, '_blank', 'noopener');
  });
}

/** Stored documents by their keys: a delivery's attachments, an offer. */
export function useOpenStoredDocument() {
  return useOpenDocument((documentKey: string) =>
    apiRequest<{ url: string }>('/document/url', { method: 'POST', body: { documentKey } }),
  );
}
