import { afterEach, beforeEach } from 'vitest';

/** A console.error during a test fails it: errors must be asserted, not printed. */
const original = console.error;
let reported: unknown[][] = [];

beforeEach(() => {
  reported = [];
  console.error = (...args: unknown[]) => {
    reported.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (reported.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${reported.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
