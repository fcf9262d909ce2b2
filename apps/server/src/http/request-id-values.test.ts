import { expect, test } from 'vitest';
import { randomRequestId } from './request-ids.ts';

test('request ids are 16 hex digits, and thousands in a row are all different', () => {
  const ids = Array.from({ length: 5000 }, () => randomRequestId());
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
