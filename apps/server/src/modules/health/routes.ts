import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Readiness } from './readiness.ts';

const outcome = z.enum(['ok', 'failed', 'skipped']);
const readinessSchema = dataEnvelope(
  z.object({
    status: z.enum(['ready', 'not-ready']),
    checks: z.object({ database: outcome, migrations: outcome, storage: outcome }),
    reasons: z.array(z.string()),
  }),
);

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; readiness: Readiness }> = async (
  app,
  { db, readiness },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public', errors: ['SERVICE_UNAVAILABLE'] },
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

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness for traffic',
        description:
          'Ready (200) while the database answers, has every migration of this release and the file storage takes a write; otherwise, and while the process shuts down, 503 with the reasons (for a load balancer).',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const report = await readiness.check();
      if (!report.ready) request.log.warn({ reasons: report.reasons }, 'not ready');
      return reply.code(report.ready ? 200 : 503).send({
        data: {
          status: report.ready ? ('ready' as const) : ('not-ready' as const),
          checks: report.checks,
          reasons: report.reasons,
        },
      });
    },
  );
};
