import type { LicenseRow } from '../db/schema.ts';

/**
 * Who is asking, as established from the bearer token. A license user comes with its license as
 * read for this request, so the request need not read it again.
 */
export type Principal =
  | { type: 'admin'; adminId: string; name: string }
  | { type: 'license'; licenseId: string; license: LicenseRow };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
