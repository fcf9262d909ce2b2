import { notifications } from '@mantine/notifications';
import { backOfficeMessages } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/** Opens a document by a short-lived signed URL in a new window; a failure shows „Fehler: …”. */
export async function openSignedDocument(signedUrl: () => Promise<{ url: string }>): Promise<void> {
  try {
    const { url } = await signedUrl();
    window.open(url, '_blank', 'noopener');
  } catch (error) {
    notifications.show({ color: 'red', message: backOfficeMessages.failed((error as Error).message) });
  }
}

/** A stored document by its key: a delivery's attachment, an offer. */
export function openStoredDocument(documentKey: string): Promise<void> {
  return openSignedDocument(() =>
    apiRequest<{ url: string }>('/document/url', { method: 'POST', body: { documentKey } }),
  );
}
