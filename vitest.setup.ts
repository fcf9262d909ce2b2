import { aroundAll, aroundEach } from 'vitest';
import { installErrorLogRule } from './apps/server/src/test/error-logs.ts';

/**
 * An error-level log fails the test that caused it — a `console.error`, a server error log, in the
 * test, its hooks or a timer it started — unless the test declares it with `expectErrorLog`
 * (`@lizenzportal/server/testing`). Errors must be asserted, not printed.
 */
installErrorLogRule({ aroundAll, aroundEach });
