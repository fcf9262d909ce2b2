import { expect, test } from 'vitest';
import { idlePollingSeconds } from './queue.ts';

test('a listening worker polls no sooner than its retries are due, at least every 10 s and at most every second', () => {
  expect(idlePollingSeconds(undefined)).toBe(1);
  expect(idlePollingSeconds(0)).toBe(1);
  expect(idlePollingSeconds(5)).toBe(5);
  expect(idlePollingSeconds(10)).toBe(10);
  expect(idlePollingSeconds(600)).toBe(10);
});
