import type { AdminRepository } from './admin-repository.ts';
import { hashPassword } from './passwords.ts';

/** Creates the admin or resets its password (start with ADMIN_USERNAME/ADMIN_PASSWORD, CLI). */
export async function createOrResetAdmin(
  admins: AdminRepository,
  name: string,
  password: string,
): Promise<'created' | 'updated'> {
  return admins.upsert(name, await hashPassword(password));
}
