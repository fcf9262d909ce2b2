import type { AdminRepository } from './admin-repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * Creates the admin or resets its password (start with ADMIN_USERNAME/ADMIN_PASSWORD, tests). A
 * reset ends the admin's sessions, so a start with the password the admin already has changes
 * nothing: restarting the server does not sign its admins out.
 */
export async function createOrResetAdmin(
  admins: AdminRepository,
  name: string,
  password: string,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await admins.findByName(name);
  if (existing && (await verifyPassword(existing.password_hash, password))) return 'unchanged';
  return admins.upsert(name, await hashPassword(password));
}
