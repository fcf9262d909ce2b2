import type { FastifyBaseLogger } from 'fastify';

const ignore = () => {};

/** A logger for code under test that logs nowhere. */
export const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => silentLogger,
};
