import { describe, expect, test } from 'vitest';
import { DocumentUrlSigner, type SignedFileQuery } from './signed-urls.ts';

let now = Date.UTC(2025, 0, 31, 12, 0, 0);
const signer = new DocumentUrlSigner({
  secret: 's'.repeat(48),
  publicUrl: 'https://portal.example',
  now: () => now,
});

function queryOf(url: string): SignedFileQuery {
  const params = new URL(url).searchParams;
  return {
    key: params.get('key')!,
    name: params.get('name')!,
    expires: Number(params.get('expires')),
    signature: params.get('signature')!,
  };
}

describe('signed document URLs', () => {
  test('are absolute, carry key and name, and hold for five minutes', () => {
    const url = signer.sign('licenses/1/starter-1.pdf', 'Startdokument_ABCD-EFGH-JKLM.pdf');
    expect(url).toMatch(
      /^https:\/\/portal\.example\/api\/v1\/document\/file\?key=licenses%2F1%2Fstarter-1\.pdf&name=/,
    );
    const query = queryOf(url);
    expect(query.expires).toBe(now / 1000 + 300);
    expect(signer.verify(query)).toBe('valid');
    now += 300_000;
    expect(signer.verify(query)).toBe('valid');
    now += 1000;
    expect(signer.verify(query)).toBe('expired');
  });

  test('refuse any change to key, name, expiry or signature, and another secret', () => {
    const query = queryOf(signer.sign('licenses/1/starter-1.pdf', 'a.pdf'));
    expect(signer.verify({ ...query, key: 'licenses/2/starter-1.pdf' })).toBe('invalid');
    expect(signer.verify({ ...query, name: 'b.pdf' })).toBe('invalid');
    expect(signer.verify({ ...query, expires: query.expires + 1 })).toBe('invalid');
    expect(signer.verify({ ...query, signature: query.signature.slice(0, -1) })).toBe('invalid');
    expect(signer.verify({ ...query, signature: '' })).toBe('invalid');
    const other = new DocumentUrlSigner({
      secret: 't'.repeat(48),
      publicUrl: 'https://portal.example',
      now: () => now,
    });
    expect(other.verify(query)).toBe('invalid');
  });
});
