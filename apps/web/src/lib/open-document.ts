import type { LicenseDocumentType } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { useActionWithFailure } from './use-action-with-failure.ts';

/**
 * Opens documents by short-lived signed URLs in a new window (the browser shows or saves the PDF);
 * a failure stays in the answer's `failure` until the next try, `announce` says it elsewhere too.
 */
export function useOpenDocument<Input, Failure extends HTMLElement = HTMLParagraphElement>(
  signedUrl: (input: Input) => Promise<{ url: string }>,
  announce?: (error: Error) => void,
) {
  return useActionWithFailure<Input, Failure>(async (input: Input) => {
    const { url } = await signedUrl(input);
    window.open(url, '_blank', 'noopener');
  }, announce);
}

/**
 * A license's starter or license document: the back office opens any license's, a signed-in
 * license user its own (the API refuses others).
 */
export function useOpenLicenseDocument<Failure extends HTMLElement = HTMLParagraphElement>(
  licenseId: string,
  announce?: (error: Error) => void,
) {
  return useOpenDocument<LicenseDocumentType, Failure>(
    (kind: LicenseDocumentType) => apiRequest<{ url: string }>(`/license/${licenseId}/${kind}-document-url`),
    announce,
  );
}
