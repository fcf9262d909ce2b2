import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dataEnvelope } from '../../http/envelope.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: dataEnvelope(z.object({ status: z.literal('ok'), db: z.literal('ok') })) },
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return { data: { status: 'ok' as const, db: 'ok' as const } };
    },
  );
};
