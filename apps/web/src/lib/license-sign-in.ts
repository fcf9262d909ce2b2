import { skipToken, useQuery } from '@tanstack/react-query';
import type { LicenseStatus, LoginResponse } from '@lizenzportal/domain';
import { apiRequest } from './api/index.ts';
import { LICENSE_STATUS_KEY } from './auth/index.ts';
import { SESSION_INDEPENDENT } from './query-meta.ts';

/**
 * Signing in with a license: the customer login and the license assistant (which proves the
 * licenses to update with the tokens) share these calls.
 */

/** Whether a license key belongs to an unbound or a bound license (404 unknown, 403 disabled). */
function fetchLicenseStatus(key: string, signal?: AbortSignal): Promise<LicenseStatus> {
  return apiRequest<{ status: LicenseStatus }>('/auth/license-status', {
    method: 'POST',
    body: { key },
    signIn: true,
    signal,
  }).then((answer) => answer.status);
}

/** Sign-in with the start code (unbound license) or the exact holder name (bound license). */
export function signInWithLicense(key: string, authenticationCode: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/license', {
    method: 'POST',
    body: { key, authenticationCode },
    signIn: true,
  });
}

/** Answers that say the key is wrong (unknown, or its license disabled); a 401 of the sign-in means the code. */
const KEY_REFUSALS: readonly (number | null)[] = [403, 404];

/**
 * The field a failed status lookup or sign-in is about, so the form marks it invalid and describes
 * it by the error box's message (WCAG 3.3.1): the key for an unknown or disabled license, the code
 * for a refused code. `statusStatus` and `signInStatus` are the failed calls' HTTP statuses
 * (undefined: that call did not fail); the ids are the messages' ids of their error boxes.
 */
export function signInErrorFields(
  statusStatus: number | null | undefined,
  signInStatus: number | null | undefined,
  ids: { status: string; signIn: string },
): { keyErrorId: string | undefined; codeErrorId: string | undefined } {
  const keyErrorId =
    statusStatus !== undefined && KEY_REFUSALS.includes(statusStatus)
      ? ids.status
      : signInStatus !== undefined && KEY_REFUSALS.includes(signInStatus)
        ? ids.signIn
        : undefined;
  return { keyErrorId, codeErrorId: signInStatus === 401 ? ids.signIn : undefined };
}

/** The status of a complete license key; `null` while the key is incomplete (no request). */
export function useLicenseStatus(normalizedKey: string | null) {
  return useQuery({
    queryKey: [LICENSE_STATUS_KEY, normalizedKey],
    queryFn: normalizedKey === null ? skipToken : ({ signal }) => fetchLicenseStatus(normalizedKey, signal),
    // The status of a key changes only by binding, which needs a sign-in first and drops this cache.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A failed sign-in ends any session; the key's status stays, so the form keeps its code field.
    meta: SESSION_INDEPENDENT,
  });
}
