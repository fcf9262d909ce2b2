import { formatLicenseKey, type AuthUser } from '@lizenzportal/domain';

/** The logout button shows who is signed in: the holder name, else the license key, else the admin name. */
export function sessionLabel(user: AuthUser): string {
  if (user.type === 'admin') return user.name;
  return user.holder.name?.trim() || formatLicenseKey(user.key);
}
