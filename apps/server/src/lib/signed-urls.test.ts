import { describe, expect, test } from 'vitest';
import { otherSpellings } from '../test/signatures.ts';
import { FileUrlSigner, type SignedFileQuery } from './signed-urls.ts';

let now = Date.UTC(2025, 0, 31, 12, 0, 0);
const options = {
  secret: 's'.repeat(48),
  publicUrl: 'https://portal.example',
  route: '/document/file',
  lifetimeSeconds: 300,
  now: () => now,
};
const signer = new FileUrlSigner(options);

function queryOf(url: string): SignedFileQuery {
  const params = new URL(url).searchParams;
  return {
    key: params.get('key')!,
    name: params.get('name')!,
    ...(params.has('record') ? { record: params.get('record')! } : {}),
    expires: Number(params.get('expires')),
    signature: params.get('signature')!,
  };
}

describe('signed file URLs', () => {
  test('are absolute, carry key and name, and hold for five minutes', () => {
    const url = signer.sign({ key: 'licenses/1/starter-1.pdf', name: 'Startdokument_ABCD-EFGH-JKLM.pdf' });
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
    const query = queryOf(signer.sign({ key: 'licenses/1/starter-1.pdf', name: 'a.pdf' }));
    expect(signer.verify({ ...query, key: 'licenses/2/starter-1.pdf' })).toBe('invalid');
    expect(signer.verify({ ...query, name: 'b.pdf' })).toBe('invalid');
    expect(signer.verify({ ...query, expires: query.expires + 1 })).toBe('invalid');
    expect(signer.verify({ ...query, signature: query.signature.slice(0, -1) })).toBe('invalid');
    expect(signer.verify({ ...query, signature: '' })).toBe('invalid');
    expect(new FileUrlSigner({ ...options, secret: 't'.repeat(48) }).verify(query)).toBe('invalid');
    // A link of one route does not open another.
    expect(new FileUrlSigner({ ...options, route: '/download/file' }).verify(query)).toBe('invalid');
  });

  test('refuse every other spelling of the same signature: one signature is one link', () => {
    const query = queryOf(signer.sign({ key: 'licenses/1/starter-1.pdf', name: 'a.pdf' }));
    for (const signature of otherSpellings(query.signature)) {
      expect(signer.verify({ ...query, signature }), signature).toBe('invalid');
    }
    expect(signer.verify(query)).toBe('valid');
  });

  test('sign the record a link belongs to', () => {
    const record = '0b7a2f5e-7c39-4a43-9d2b-5f8f3e0b9c11';
    const query = queryOf(signer.sign({ key: 'products/setup.exe', name: 'setup.exe', record }));
    expect(query.record).toBe(record);
    expect(signer.verify(query)).toBe('valid');
    expect(signer.verify({ ...query, record: '1b7a2f5e-7c39-4a43-9d2b-5f8f3e0b9c11' })).toBe('invalid');
    const { record: _dropped, ...withoutRecord } = query;
    expect(signer.verify(withoutRecord)).toBe('invalid');
  });
});
