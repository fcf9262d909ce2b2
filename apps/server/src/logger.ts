import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { currentRequestId } from './lib/request-context.ts';

/** The field of a log line that names the request (and the request whose job logged it). */
export const REQUEST_ID_LOG_FIELD = 'reqId';
/** Marks Fastify's loggers of one request (and their children): they carry the id as a binding. */
const BOUND_TO_REQUEST = Symbol('bound to a request');

/**
 * Quoted text in an error message (`"…"`, `'…'`, `„…”`): PostgreSQL quotes values there
 * (`invalid input syntax for type uuid: "…"`), the portal's own messages quote what was sent. A
 * quoted name of the schema (`relation "license"`, `constraint "…_key"`) stays: it is no data.
 */
const QUOTED =
  /(\b(?:relation|table|column|constraint|index|function|type|schema|sequence|database|role) )?("[^"]*"|'[^']*'|„[^”]*”)/g;
const EMAIL = /[^\s@"'<>(),;:„”]+@[^\s@"'<>(),;:„”]+/g;

/** The message without the values it may quote (a holder name, an e-mail address, a filter). */
export function withoutValues(message: string): string {
  return message
    .replace(QUOTED, (whole, schemaObject: string | undefined, quoted: string) =>
      schemaObject ? whole : `${quoted[0]}…${quoted.at(-1)}`,
    )
    .replace(EMAIL, '…@…');
}

/** Where in the schema a database error happened: names, never values. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint'] as const;

/**
 * An error as it is logged: its type, code and stack, and where in the schema a database error
 * happened. Not logged: the SQL and its parameters (PGlite attaches both), a database error's
 * `detail` (`Key (holder_email)=(…)`), or values quoted in messages — 5xx logs carry no personal
 * data, whatever query failed.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutValues(String(error)) };
  const logged: Record<string, unknown> = { type: error.name, message: withoutValues(error.message) };
  for (const field of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  // The first line of a stack repeats the message; the frames hold no data.
  const frames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at '));
  if (frames?.length) logged['stack'] = frames.join('\n');
  if (error.cause !== undefined) logged['cause'] = errorForLog(error.cause);
  return logged;
}

/**
 * How the portal logs requests and errors, also in tests. Requests are logged without their
 * query string: direct-login links carry start codes and holder names, document links their
 * signatures, list filters personal data.
 */
export const LOG_SERIALIZERS: LoggerOptions['serializers'] = {
  req: (request: { method: string; url: string; ip?: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  }),
  err: errorForLog,
};

/**
 * The process's logger (JSON lines), shared by the HTTP server and the job worker. A line logged
 * while a request, or a job it queued, is worked names that request (`reqId`), whichever logger
 * of the process wrote it.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers: LOG_SERIALIZERS,
      mixin: (_object, _level, logger) => {
        if ((logger as { [BOUND_TO_REQUEST]?: true })[BOUND_TO_REQUEST]) return {};
        const requestId = currentRequestId();
        return requestId ? { [REQUEST_ID_LOG_FIELD]: requestId } : {};
      },
    },
    destination,
  );
}

/** Fastify's `childLoggerFactory`: the logger of one request, bound to its id (not repeated by the mixin). */
export function requestLogger(logger: Logger, bindings: Bindings, options: ChildLoggerOptions): Logger {
  const child = logger.child(bindings, options) as Logger & { [BOUND_TO_REQUEST]?: true };
  child[BOUND_TO_REQUEST] = true;
  return child;
}

/**
 * A child logger for a side server that answers machines (the metrics port, the backup socket):
 * its requests are not logged (info), its warnings and errors are — unless the parent is quieter.
 */
export function sideServerLogger(parent: FastifyBaseLogger, server: string): FastifyBaseLogger {
  const level = ['error', 'fatal', 'silent'].includes(parent.level) ? parent.level : 'warn';
  return parent.child({ server }, { level });
}
