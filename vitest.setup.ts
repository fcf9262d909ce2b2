import { afterAll, aroundAll, aroundEach, vi } from 'vitest';
import { installErrorLogRule } from './apps/server/src/test/error-logs.ts';

/**
 * An error-level log fails the test that caused it — a `console.error`, a server error log, in the
 * test, its hooks or a timer it started — unless the test declares it with `expectErrorLog`
 * (`@lizenzportal/server/testing`). Errors must be asserted, not printed.
 */
installErrorLogRule({ aroundAll, aroundEach });

/**
 * Test files share their worker's process (`isolate: false`, see vitest.config.ts): what a file
 * stubs or fakes there ends with the file, as it would with a process of its own.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
