import { apiRequest } from '@/lib/api';
import { useOpenDocument } from '@/lib/open-document';
import { toastFailure } from './failure-toast.ts';

/** Stored documents by their keys: a delivery's attachments, an offer. */
export function useOpenStoredDocument() {
  return useOpenDocument(
    (documentKey: string) =>
      apiRequest<{ url: string }>('/document/url', { method: 'POST', body: { documentKey } }),
    toastFailure,
  );
}
