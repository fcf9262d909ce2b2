import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  personalDataErasureRequestSchema,
  personalDataErasureSchema,
  personalDataQuerySchema,
  personalDataReportSchema,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Guards } from '../../http/guards.ts';
import type { PersonalData } from './service.ts';

/** „Auskunft” and „Löschen / Anonymisieren” of the back office (Art. 15 and 17 GDPR, decision 064). */
export const privacyRoutes: FastifyPluginAsyncZod<{ personalData: PersonalData; guards: Guards }> = async (
  app,
  { personalData, guards },
) => {
  // A POST, so the address asked about stays out of URLs and the access log.
  app.post(
    '/personal-data/report',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['privacy'],
        summary:
          '„Auskunft” (admin): every stored row that names a person (an e-mail address or a name, without case) or belongs to one of their licenses, sessions, orders or mails',
        body: personalDataQuerySchema,
        response: { 200: dataEnvelope(personalDataReportSchema) },
      },
    },
    async (request) => ({ data: await personalData.report(request.body.person) }),
  );

  app.post(
    '/personal-data/erasure',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['privacy'],
        summary:
          '„Löschen / Anonymisieren” (admin): erases what no license in use needs of a person and anonymises audit entries; with `dryRun` only what it would do (the same erasure, rolled back); audited without the erased data',
        body: personalDataErasureRequestSchema,
        response: { 200: dataEnvelope(personalDataErasureSchema) },
      },
    },
    async (request) => ({
      data: await personalData.erase(request.body.person, guards.adminOf(request).name, request.body.dryRun),
    }),
  );
};
