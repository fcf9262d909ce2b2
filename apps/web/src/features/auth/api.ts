import type { LicenseStatus, LoginResponse } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/** Whether a license key belongs to an unbound or a bound license (404 unknown, 403 disabled). */
export function fetchLicenseStatus(key: string, signal?: AbortSignal): Promise<LicenseStatus> {
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

export function signInAsAdmin(username: string, password: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/admin', {
    method: 'POST',
    body: { username, password },
    signIn: true,
  });
}
