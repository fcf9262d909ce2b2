import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { upgradeSessionMessages } from '@lizenzportal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Guards } from '../../http/guards.ts';
import { accessGuard } from '../../http/route-access.ts';
import { UpgradeSessionTokens } from './tokens.ts';

/** Who asks for a session: its customer (holding the session token) or an admin. */
export type SessionReader = 'customer' | 'admin';

function bearerOf(request: FastifyRequest): string | null {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * Checks the session token of `Authorization: Bearer <token>` for the session `sessionId`: 401
 * without a valid one, 403 for the token of another session.
 */
function requireSessionToken(request: FastifyRequest, tokens: UpgradeSessionTokens, sessionId: string): void {
  const token = bearerOf(request);
  if (token && tokens.isSessionToken(sessionId, token)) return;
  const otherSession = token && UpgradeSessionTokens.looksLikeSessionToken(token);
  if (otherSession && tokens.isSessionToken(token.slice(0, token.indexOf('.')), token)) {
    throw new AppError('FORBIDDEN');
  }
  throw new AppError('AUTHENTICATION_REQUIRED', upgradeSessionMessages.sessionTokenRequired);
}

/**
 * The guard of a route `/…/:id` of a session: its session token. It runs before the body is read
 * (route-access.ts), so it reads the id as it came (any case, as `idParams` takes it).
 */
export function sessionTokenGuard(tokens: UpgradeSessionTokens): onRequestAsyncHookHandler {
  return accessGuard('sessionToken', async (request: FastifyRequest) => {
    const { id } = request.params as { id?: string };
    requireSessionToken(request, tokens, (id ?? '').toLowerCase());
  });
}

/** The session token of that session, or an admin's sign-in token (the back office reads any session). */
export async function sessionReader(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: UpgradeSessionTokens,
  guards: Guards,
  sessionId: string,
): Promise<SessionReader> {
  const token = bearerOf(request);
  if (!token || UpgradeSessionTokens.looksLikeSessionToken(token)) {
    requireSessionToken(request, tokens, sessionId);
    return 'customer';
  }
  await guards.admin.call(request.server, request, reply);
  return 'admin';
}

/**
 * The token a cart of the session `sessionId` travels with (DESIGN §6): its session token (the
 * assistant's own session) or its offer token (an offer loaded by code). 401 without either, 403
 * for another session's.
 */
export function requireHandOffToken(
  request: FastifyRequest,
  tokens: UpgradeSessionTokens,
  sessionId: string,
): void {
  const token = bearerOf(request);
  if (token && tokens.sessionOfOfferToken(token) === sessionId) return;
  if (token && tokens.sessionOfOfferToken(token)) throw new AppError('FORBIDDEN');
  requireSessionToken(request, tokens, sessionId);
}

/** The offer token of `Authorization: Bearer <offerToken>`: the session it belongs to; 401 otherwise. */
export function offeredSessionOf(request: FastifyRequest, tokens: UpgradeSessionTokens): string {
  const token = bearerOf(request);
  const sessionId = token && tokens.sessionOfOfferToken(token);
  if (!sessionId) throw new AppError('AUTHENTICATION_REQUIRED', upgradeSessionMessages.sessionTokenRequired);
  return sessionId;
}
