import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** The process's logger (JSON lines), shared by the HTTP server and the job worker. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, redact: ['req.headers.authorization', 'password'] });
}
