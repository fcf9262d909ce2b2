import { NO_CONNECTION_MESSAGE } from '@lizenzportal/domain';
import { readToken } from '../auth/token.ts';
import { ApiError } from './api-error.ts';
import { toApiError } from './client.ts';
import { notifyUnauthorized } from './unauthorized.ts';

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: string;
  signal?: AbortSignal;
  /** Called as bytes arrive: the bytes so far and, when the server names it, the total. */
  onProgress?: (received: number, total: number | undefined) => void;
}

/**
 * Fetches a file from the API with the sign-in token (batch documents, CSV exports) and saves it
 * under the name the server gives it. Failures are `ApiError`s like every other call's.
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<string> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}${options.query ? `?${options.query}` : ''}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(null, 'NO_CONNECTION', NO_CONNECTION_MESSAGE, { cause: error });
  }
  if (response.status === 401) notifyUnauthorized();
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, body);
  }
  const total = Number(response.headers.get('content-length')) || undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress?.(received, total);
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

function saveBlob(blob: Blob, fileName: string): void {
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
