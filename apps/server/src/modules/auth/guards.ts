import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { LicenseRow } from '../../db/schema.ts';
import type { Guards } from '../../http/guards.ts';
import type { Principal } from '../../http/principal.ts';
import type { TokenService } from './tokens.ts';

export interface PrincipalLookup {
  /** The admin's name and session version, undefined when the admin no longer exists. */
  admin(id: string): Promise<{ name: string; sessionVersion: number } | undefined>;
  /** The license, unless it is gone or disabled: a disabled license's token stops working. */
  activeLicense(id: string): Promise<LicenseRow | undefined>;
}

/** Reads `Authorization: Bearer <token>` and decides who may pass. */
export function createGuards(tokens: TokenService, lookup: PrincipalLookup): Guards {
  async function identify(request: FastifyRequest): Promise<Principal> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    const claims = match ? tokens.verify(match[1]!) : null;
    if (!claims) throw new AppError('AUTHENTICATION_REQUIRED');
    if (claims.userType === 'license') {
      const license = await lookup.activeLicense(claims.sub);
      if (!license) throw new AppError('AUTHENTICATION_REQUIRED');
      return { type: 'license', licenseId: license.id, license };
    }
    const admin = await lookup.admin(claims.sub);
    // A token from before the admin's last password reset belongs to an ended session.
    if (admin?.sessionVersion !== claims.sessionVersion) throw new AppError('AUTHENTICATION_REQUIRED');
    return { type: 'admin', adminId: claims.sub, name: admin.name };
  }

  return {
    signedIn: async (request) => {
      request.principal = await identify(request);
    },
    admin: async (request) => {
      const principal = await identify(request);
      if (principal.type !== 'admin') throw new AppError('FORBIDDEN');
      request.principal = principal;
    },
    principalOf(request) {
      if (!request.principal) throw new Error('route is missing its authentication guard');
      return request.principal;
    },
    adminOf(request) {
      const principal = this.principalOf(request);
      if (principal.type !== 'admin') throw new Error('route is missing its admin guard');
      return principal;
    },
  };
}
