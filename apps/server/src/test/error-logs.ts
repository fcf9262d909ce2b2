import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import type { aroundAll, aroundEach } from 'vitest';
import { LOG_SERIALIZERS } from '../logger.ts';

/**
 * The rule of every test project (installed by `vitest.setup.ts`): an error-level log — a
 * `console.error`, or a server log at level `error` or `fatal` — fails the test that caused it,
 * unless the test declared it with `expectErrorLog`.
 *
 * Each test runs in an async context of its own, so a log is blamed on the test that started the
 * work that logged: a timer or a request of a test that fires after the test ended fails the test
 * file, naming that test. Work started by `beforeAll` (the app, its job worker) is blamed on the
 * test running when it logs; outside any test, on the file's hooks.
 */
interface Scope {
  readonly name: string;
  readonly unexpected: string[];
  readonly expected: { pattern: RegExp | string; seen: number }[];
  ended: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();
const printError = console.error.bind(console);
let fileScope: Scope | undefined;
let runningTest: Scope | undefined;

function newScope(name: string): Scope {
  return { name, unexpected: [], expected: [], ended: false };
}

function currentScope(): Scope | undefined {
  const own = scopes.getStore();
  return own && own !== fileScope ? own : (runningTest ?? fileScope);
}

function matches(pattern: RegExp | string, message: string): boolean {
  return typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message);
}

/** Records an error-level log against the test (or hooks) that caused it. */
export function reportErrorLog(message: string): void {
  let scope = currentScope();
  const expectation = scope?.expected.find((expected) => matches(expected.pattern, message));
  if (expectation) {
    expectation.seen += 1;
    return;
  }
  printError(message);
  if (scope?.ended && scope !== fileScope) {
    message = `after ${scope.name} had ended, work it started logged: ${message}`;
    scope = fileScope;
  }
  if (scope && !scope.ended) scope.unexpected.push(message);
}

/**
 * Declares that the running test (or, in `beforeAll`, the file's hooks) expects an error-level log
 * whose text contains `pattern` (a string) or matches it (a RegExp): such logs then pass, and the
 * test fails if none came by its end. Any other error log still fails it.
 */
export function expectErrorLog(pattern: RegExp | string): void {
  const scope = currentScope();
  if (!scope) throw new Error('expectErrorLog() is for tests and their hooks');
  scope.expected.push({ pattern, seen: 0 });
}

function assertClean(scope: Scope): void {
  const problems = [
    ...scope.unexpected.map((message) => `unexpected error log: ${message}`),
    ...scope.expected
      .filter((expectation) => expectation.seen === 0)
      .map((expectation) => `expected an error log matching ${String(expectation.pattern)}, but none came`),
  ];
  if (problems.length > 0) throw new Error(`${scope.name}:\n${problems.join('\n')}`);
}

/**
 * Puts the rule in place for the test file being set up (vitest's hooks are passed in, so that
 * loggers can use this module outside the test runner, e.g. in the global setup).
 */
export function installErrorLogRule(hooks: {
  aroundAll: typeof aroundAll;
  aroundEach: typeof aroundEach;
}): void {
  const { aroundAll, aroundEach } = hooks;
  console.error = (...args: unknown[]) => reportErrorLog(format(...args));
  // eslint-disable-next-line no-empty-pattern -- vitest reads a hook's fixtures from its destructuring
  aroundAll(async (runSuite, {}, suite) => {
    const scope = newScope(`the hooks of ${suite.name}`);
    fileScope = scope;
    try {
      await scopes.run(scope, runSuite);
    } finally {
      scope.ended = true;
    }
    assertClean(scope);
  });
  aroundEach(async (runTest, context) => {
    const scope = newScope(`the test "${context.task.fullName}"`);
    runningTest = scope;
    try {
      await scopes.run(scope, runTest);
    } finally {
      runningTest = undefined;
      scope.ended = true;
    }
    assertClean(scope);
  });
}

interface LogLine {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** One readable line (and the stack, if any) of a pino JSON log line. */
export function describeLogLine(line: LogLine): string {
  const { level: _level, time: _time, pid: _pid, hostname: _hostname, msg, err, ...fields } = line;
  const details = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  const error = err ? `: ${err.type ?? 'Error'}: ${err.message ?? ''}\n${err.stack ?? ''}` : '';
  return `server log "${msg ?? ''}"${details}${error}`;
}

/** pino's numeric level of `error`: this and `fatal` count as errors. */
export const ERROR_LEVEL = 50;

/**
 * The logger of the app and job queue under test: quiet below `error`; errors go to the rule above.
 */
export function testLogger(): Logger {
  return pino(
    { level: 'error', serializers: LOG_SERIALIZERS },
    {
      write(line: string) {
        const parsed = JSON.parse(line) as LogLine;
        if (parsed.level >= ERROR_LEVEL) reportErrorLog(describeLogLine(parsed));
      },
    },
  );
}
