import { apiFetch } from './portal.ts';
import type { RequestOptions } from './client.ts';

export interface DownloadOptions extends Pick<RequestOptions, 'body' | 'query' | 'signal'> {
  method?: 'GET' | 'POST';
  /** Called as bytes arrive: the bytes so far and, when the server names it, the total. */
  onProgress?: (received: number, total: number | undefined) => void;
}

/**
 * Fetches a file from the API with the sign-in token (batch documents, CSV exports) and saves it
 * under the name the server gives it. Failures are `ApiError`s like every other call's.
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<string> {
  const { onProgress, ...request } = options;
  const response = await apiFetch(path, request);
  const total = Number(response.headers.get('content-length')) || undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? 'download';
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? undefined });
  saveBlob(blob, fileName);
  return fileName;
}

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

/** Hands a file made in the browser (or fetched) to the browser's downloads under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file over once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
