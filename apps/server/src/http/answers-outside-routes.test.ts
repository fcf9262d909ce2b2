import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../test/app.ts';

const ctx = useTestApp();

let port: number;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.app.server.closeAllConnections());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: { error: { status: number; code: string; message: string; requestId: string } };
}

/** Sends `request` as it is over a socket and reads the answer up to the connection's end. */
function sendRaw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('error', reject);
    socket.once('close', () => {
      const [head, body] = [
        answer.slice(0, answer.indexOf('\r\n\r\n')),
        answer.slice(answer.indexOf('\r\n\r\n') + 4),
      ];
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: JSON.parse(body) as RawAnswer['body'],
      });
    });
    socket.write(request);
  });
}

/** What every answer of the portal carries, whoever gave it. */
function expectPortalAnswer(answer: RawAnswer, status: number, code: string, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({
    error: { status, code, message, requestId: expect.stringMatching(/^[0-9a-f]{16}$/) },
  });
  expect(answer.headers).toMatchObject({
    'x-request-id': answer.body.error.requestId,
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  });
}

const get = (path: string, headers = 'Host: portal\r\n') =>
  `GET ${path} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

test('the router’s, Node’s and HTTP’s own refusals answer in the envelope, with a request id and the security headers, counted', async () => {
  const badEscape = await sendRaw(get('/api/v1/license/%zz'));
  expectPortalAnswer(badEscape, 400, 'MALFORMED_URL', 'Die Adresse der Anfrage ist ungültig.');
  // The address is not echoed.
  expect(JSON.stringify(badEscape.body)).not.toContain('%zz');
  expectPortalAnswer(
    await sendRaw(get(`/api/v1/license/${'a'.repeat(150)}`)),
    414,
    'URL_TOO_LONG',
    'Die Adresse der Anfrage ist zu lang.',
  );
  expectPortalAnswer(
    await sendRaw(get('/api/v1/health', '')),
    400,
    'MALFORMED_REQUEST',
    'Die Anfrage ist fehlerhaft aufgebaut.',
  );
  expectPortalAnswer(
    await sendRaw('HELLO PORTAL\r\n\r\n'),
    400,
    'MALFORMED_REQUEST',
    'Die Anfrage ist fehlerhaft aufgebaut.',
  );

  const scraped = await ctx.app.services.metrics.scrape();
  // Summed over the routes: the missing Host is refused on the health route's way.
  const count = (method: string, status: number) =>
    [
      ...scraped.matchAll(
        new RegExp(
          `lizenzportal_http_request_duration_seconds_count\\{route="[^"]+",method="${method}",status="${status}"\\} (\\d+)`,
          'g',
        ),
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0);
  expect(count('GET', 400)).toBe(2);
  expect(count('GET', 414)).toBe(1);
  expect(count('UNKNOWN', 400)).toBe(1);
});

test('the OpenAPI document lists them where they can happen: 400 everywhere, 414 where the address has a parameter', async () => {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
  };
  const health = document.paths['/api/v1/health']!['get']!.responses;
  expect(health['400']!.description).toMatch(/MALFORMED_REQUEST.*MALFORMED_URL/);
  expect(health['414']).toBeUndefined();
  const license = document.paths['/api/v1/license/{id}']!['get']!.responses;
  expect(license['400']!.description).toMatch(/MALFORMED_REQUEST.*MALFORMED_URL/);
  expect(license['414']!.description).toBe('Error envelope: URL_TOO_LONG');
});
