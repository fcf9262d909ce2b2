import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { sessionMessages, type AuthUser, type LoginResponse } from '@lizenzportal/domain';
import { afterFirstPaint } from '../after-first-paint.ts';
import { apiRequest } from '../api/index.ts';
import { clearToken, readToken, storeToken } from './token.ts';

const currentUserKey = ['auth', 'user'] as const;
/** The status of a license key by key (`['license-status', key]`), kept across sessions. */
export const LICENSE_STATUS_KEY = 'license-status';

/**
 * The server answered with a user of a type this app does not know. The route guards treat it as
 * such a user (both specs: "any other user type"), not as a failed load.
 */
export class UnknownUserTypeError extends Error {
  readonly userType: string;
  constructor(userType: string) {
    super(sessionMessages.unknownUserType(userType));
    this.userType = userType;
  }
}

/** The schema's module (and zod) loads beside the user's request, not with the entry. */
const loadUserSchema = () => import('./user-schema.ts');

function checkUserType(user: unknown): void {
  const type = (user as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && type !== 'license' && type !== 'admin')
    throw new UnknownUserTypeError(type);
}

/** The signed-in user, `null` when nobody is signed in (no token: no request at all). */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async ({ signal }): Promise<AuthUser | null> => {
    if (!readToken()) return null;
    // On a page's first load the request waits for its first frame (decision 059).
    await afterFirstPaint();
    const [{ user }, { parseAuthUser }] = await Promise.all([
      apiRequest<{ user: unknown }>('/auth/user', { signal }),
      loadUserSchema(),
    ]);
    checkUserType(user);
    return parseAuthUser(user);
  },
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Drops everything loaded on behalf of whoever was signed in before. */
function dropSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== currentUserKey[0] && !query.meta?.['sessionIndependent'],
  });
}

/** Keeps the token of a successful sign-in and makes its user the current one. */
export function startSession(queryClient: QueryClient, login: LoginResponse): void {
  storeToken(login.token);
  dropSessionData(queryClient);
  queryClient.setQueryData(currentUserKey, login.userData);
}

/** A sign-in extended before its end: the new token, the same user and everything loaded for it. */
export function renewSession(queryClient: QueryClient, login: LoginResponse): void {
  storeToken(login.token);
  queryClient.setQueryData(currentUserKey, login.userData);
}

/**
 * Forgets the token, the user and everything loaded on the user's behalf: on sign-out, and when a
 * sign-in fails (both specs: the stored token is removed).
 */
export function endSession(queryClient: QueryClient): void {
  clearToken();
  dropSessionData(queryClient);
  // Set, not removed: the route guards watching the user see "nobody" at once and redirect.
  queryClient.setQueryData(currentUserKey, null);
}

/**
 * After the signed-in license changed its status (a binding): the user is loaded again, and every
 * cached key status is dropped so the login asks for the holder name next time. Rejects when the
 * user cannot be loaded again.
 */
export async function reloadAfterStatusChange(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: [LICENSE_STATUS_KEY] });
  await queryClient.refetchQueries({ queryKey: currentUserKey, type: 'all' }, { throwOnError: true });
}
