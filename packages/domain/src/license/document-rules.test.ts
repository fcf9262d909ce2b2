import { describe, expect, test } from 'vitest';
import { LICENSE_STATUSES } from './enums.ts';
import { mayGenerateDocument } from './document-rules.ts';

describe('which documents the back office may make', () => {
  test('a starter document while not bound, a license document once bound or when one is present', () => {
    const table = LICENSE_STATUSES.flatMap((status) =>
      [false, true].map((documentPresent) => ({
        status,
        documentPresent,
        starter: mayGenerateDocument('starter', { status, documentPresent }),
        license: mayGenerateDocument('license', { status, documentPresent }),
      })),
    );
    expect(table).toEqual([
      { status: 'unbound', documentPresent: false, starter: true, license: false },
      { status: 'unbound', documentPresent: true, starter: true, license: true },
      { status: 'bound', documentPresent: false, starter: false, license: true },
      { status: 'bound', documentPresent: true, starter: false, license: true },
      { status: 'disabled', documentPresent: false, starter: true, license: false },
      { status: 'disabled', documentPresent: true, starter: true, license: true },
    ]);
  });
});
