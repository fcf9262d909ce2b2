import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { ClientPseudonyms } from './client-pseudonyms.ts';

const SECRET = 'pseudonym-test-secret-'.repeat(3);

/** The pseudonym as decision 064 defines it, computed here without the class. */
function expected(clientGroup: string): string {
  const key = Buffer.from(crypto.hkdfSync('sha256', SECRET, '', 'lizenzportal client pseudonym', 32));
  const mac = crypto.createHmac('sha256', key).update(clientGroup).digest();
  return `p:${mac.subarray(0, 16).toString('base64url')}`;
}

test('a client keeps its pseudonym while many other clients come and go, and none is another’s', () => {
  const pseudonyms = new ClientPseudonyms(SECRET);
  const first = '203.0.113.7';
  expect(pseudonyms.of(first)).toBe(expected(first));
  const seen = new Set<string>([pseudonyms.of(first)]);
  // More clients than the process remembers at once.
  for (let index = 0; index < 10_000; index++) {
    const client = `198.51.${index >> 8}.${index & 255}`;
    const pseudonym = pseudonyms.of(client);
    expect(seen.has(pseudonym)).toBe(false);
    seen.add(pseudonym);
    if (index % 997 === 0) expect(pseudonyms.of(first)).toBe(expected(first));
  }
  expect(pseudonyms.of('198.51.0.1')).toBe(expected('198.51.0.1'));
  expect(pseudonyms.of(first)).toBe(expected(first));
  expect(new ClientPseudonyms(SECRET).of(first)).toBe(expected(first));
});
