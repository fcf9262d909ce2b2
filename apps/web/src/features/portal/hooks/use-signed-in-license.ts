import type { AuthUser } from '@lizenzportal/domain';
import { useCurrentUser } from '@/lib/auth';

export type LicenseUser = Extract<AuthUser, { type: 'license' }>;

/** The signed-in license; the route guard lets only license users reach the portal pages. */
export function useSignedInLicense(): LicenseUser | null {
  const { data: user } = useCurrentUser();
  return user?.type === 'license' ? user : null;
}
