import { GENERIC_SERVER_ERROR, NO_CONNECTION_MESSAGE } from '@lizenzportal/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';

function clientAnswering(answer: () => Promise<Response>, token: string | null = 'secret-token') {
  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  const onUnauthorized = vi.fn();
  const request = createApiClient({ fetch, baseUrl: '/api/v1', getToken: () => token, onUnauthorized });
  return { request, fetch, onUnauthorized };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

const envelope = (status: number, code: string, message: string) =>
  json(status, { error: { status, code, message } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API client', () => {
  it('sends the bearer token and JSON body, and unwraps data', async () => {
    const { request, fetch } = clientAnswering(() => json(200, { data: { status: 'bound' } }));
    await expect(request('/auth/license-status', { method: 'POST', body: { key: 'K' } })).resolves.toEqual({
      status: 'bound',
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/license-status');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"key":"K"}');
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer secret-token',
      'content-type': 'application/json',
    });
  });

  it('appends the query string', async () => {
    const { request, fetch } = clientAnswering(() => json(200, { data: {} }));
    await request('/license', { query: 'limit=20&skip=0' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/license?limit=20&skip=0');
  });

  it('sends no token when there is none, and none on sign-in calls', async () => {
    const withoutToken = clientAnswering(() => json(200, { data: {} }), null);
    await withoutToken.request('/settings');
    expect(withoutToken.fetch.mock.calls[0]![1]?.headers).not.toHaveProperty('authorization');

    const signIn = clientAnswering(() => json(200, { data: {} }));
    await signIn.request('/auth/admin', { method: 'POST', body: {}, signIn: true });
    expect(signIn.fetch.mock.calls[0]![1]?.headers).not.toHaveProperty('authorization');
  });

  it('turns the error envelope into an ApiError with status, code and message', async () => {
    const { request } = clientAnswering(() => envelope(404, 'LICENSE_NOT_FOUND', 'Nicht gefunden.'));
    const error = await failure(request('/auth/license-status', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 404, code: 'LICENSE_NOT_FOUND', message: 'Nicht gefunden.' });
  });

  it('keeps the field a 400 is about, for the form to mark it', async () => {
    const field = clientAnswering(() =>
      json(400, {
        error: { status: 400, code: 'VALIDATION_FAILED', message: 'Ungültig.', field: 'holder.email' },
      }),
    );
    expect((await failure(field.request('/license/x', { method: 'PUT', body: {} }))).field).toBe(
      'holder.email',
    );
    const whole = clientAnswering(() => envelope(400, 'VALIDATION_FAILED', 'Die Anfrage ist ungültig.'));
    expect((await failure(whole.request('/license/x', { method: 'PUT', body: {} }))).field).toBeNull();
  });

  it("keeps the request's id the server names in the envelope, or a proxy passed on in the header", async () => {
    const named = clientAnswering(() =>
      json(500, {
        error: { status: 500, code: 'INTERNAL_ERROR', message: 'Fehler', requestId: '7f3a9c01d2e45b68' },
      }),
    );
    expect((await failure(named.request('/settings'))).requestId).toBe('7f3a9c01d2e45b68');

    const proxied = clientAnswering(() =>
      Promise.resolve(
        new Response('<html>Gateway Timeout</html>', {
          status: 504,
          headers: { 'x-request-id': 'proxy-4711' },
        }),
      ),
    );
    expect((await failure(proxied.request('/settings'))).requestId).toBe('proxy-4711');

    const unnamed = clientAnswering(() => envelope(404, 'NOT_FOUND', 'Nicht gefunden.'));
    expect((await failure(unnamed.request('/settings'))).requestId).toBeNull();
  });

  it('keeps the status of an answer that is not the envelope', async () => {
    const { request } = clientAnswering(() =>
      Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const error = await failure(request('/settings'));
    expect(error).toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE', message: GENERIC_SERVER_ERROR });
  });

  it('reports a failed connection as status null', async () => {
    const { request } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(request('/settings'));
    expect(error.status).toBeNull();
    expect(error.code).toBe('NO_CONNECTION');
    expect(error.message).toBe(NO_CONNECTION_MESSAGE);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('passes a cancellation through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const { request } = clientAnswering(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(request('/settings', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('ends the session on a 401', async () => {
    const { request, onUnauthorized } = clientAnswering(() =>
      envelope(401, 'AUTHENTICATION_REQUIRED', 'Bitte melden Sie sich an.'),
    );
    const error = await failure(request('/auth/user'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('treats the 401 of a sign-in call as wrong credentials, not as an ended session', async () => {
    const { request, onUnauthorized } = clientAnswering(() =>
      envelope(401, 'INVALID_CREDENTIALS', 'Die Anmeldedaten sind ungültig.'),
    );
    const error = await failure(request('/auth/license', { method: 'POST', body: {}, signIn: true }));
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a call’s own token instead of the user’s, and its 401 ends no session', async () => {
    const { request, fetch, onUnauthorized } = clientAnswering(() =>
      envelope(401, 'AUTHENTICATION_REQUIRED', 'Bitte melden Sie sich an.'),
    );
    const error = await failure(request('/upgrade-session/offered', { bearer: 'offer-token' }));
    expect(error.status).toBe(401);
    expect(fetch.mock.calls[0]![1]?.headers).toMatchObject({ authorization: 'Bearer offer-token' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
