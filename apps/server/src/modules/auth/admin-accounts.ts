import type { Kysely } from 'kysely';
import type { AdminUserRow, DB } from '../../db/schema.ts';
import { AdminRepository } from './admin-repository.ts';
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

/**
 * The back office's admin accounts as the start (`ADMIN_USERNAME`), the demo and the `admin`
 * command keep them; signing in reads them through `AuthService`. The table is written here, in
 * the auth module, only (decision 069).
 */
export class AdminAccounts {
  readonly #repository: AdminRepository;

  constructor(db: Kysely<DB>) {
    this.#repository = new AdminRepository(db);
  }

  list(): Promise<AdminUserRow[]> {
    return this.#repository.list();
  }

  findByName(name: string): Promise<AdminUserRow | undefined> {
    return this.#repository.findByName(name);
  }

  count(): Promise<number> {
    return this.#repository.count();
  }

  /** Creates the admin (a name not yet taken: see `findByName`). */
  async create(name: string, password: string): Promise<void> {
    await this.#repository.upsert(name, await hashPassword(password));
  }

  /** Sets a new password and ends the admin's sessions; false when there is no such admin. */
  async resetPassword(name: string, password: string): Promise<boolean> {
    return this.#repository.updatePassword(name, await hashPassword(password));
  }

  /** Creates the admin or resets its password; the same password changes nothing (`createOrResetAdmin`). */
  createOrReset(name: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
    return createOrResetAdmin(this.#repository, name, password);
  }
}
