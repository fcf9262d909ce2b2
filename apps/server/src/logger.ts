import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * The process's logger (JSON lines), shared by the HTTP server and the job worker. Requests are
 * logged without their query string: direct-login links carry start codes and holder names,
 * document links their signatures, list filters personal data.
 */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  });
}
