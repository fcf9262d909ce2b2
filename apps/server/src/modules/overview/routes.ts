import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attentionSchema,
  DEFAULT_OVERVIEW_PERIOD,
  OVERVIEW_FIGURE_NAMES,
  OVERVIEW_PERIODS,
  overviewFigureDataSchema,
  type OverviewFigure,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Guards } from '../../http/guards.ts';
import type { OverviewService } from './service.ts';

export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService; guards: Guards }> = async (
  app,
  { overview, guards },
) => {
  app.get(
    '/overview/attention',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['overview'],
        summary:
          'What needs attention: failed order generations and deliveries, deliveries in doubt, offers expiring within 7 days, each with its list filter (admin)',
        response: { 200: dataEnvelope(attentionSchema) },
      },
    },
    async () => ({ data: await overview.attention() }),
  );

  app.get(
    '/overview/figure/:figure',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['overview'],
        summary: "One of the overview's figures per day, week or month of a period (admin)",
        params: z.object({
          figure: z.enum(OVERVIEW_FIGURE_NAMES as [OverviewFigure, ...OverviewFigure[]]),
        }),
        querystring: z.object({
          period: z
            .enum(OVERVIEW_PERIODS)
            .default(DEFAULT_OVERVIEW_PERIOD)
            .describe('4w: the last 28 days; 26w: the last 26 weeks; 12m: the last 12 months'),
        }),
        response: { 200: dataEnvelope(z.object({ figure: overviewFigureDataSchema })) },
      },
    },
    async (request) => ({
      data: { figure: await overview.figure(request.params.figure, request.query.period) },
    }),
  );
};
