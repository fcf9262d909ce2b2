import { skipToken, useQuery } from '@tanstack/react-query';
import { SESSION_INDEPENDENT } from '@/lib/auth';
import { fetchLicenseStatus } from '../api.ts';

/** The status of a complete license key; `null` while the key is incomplete (no request). */
export function useLicenseStatus(normalizedKey: string | null) {
  return useQuery({
    queryKey: ['license-status', normalizedKey],
    queryFn: normalizedKey === null ? skipToken : ({ signal }) => fetchLicenseStatus(normalizedKey, signal),
    // The status of a key changes only by binding, which needs a sign-in first.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A failed sign-in ends any session; the key's status stays, so the form keeps its code field.
    meta: SESSION_INDEPENDENT,
  });
}
