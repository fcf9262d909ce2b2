import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AdminUserRow, DB } from '../../db/schema.ts';
import type { ThrottleJoin, ThrottleState } from './throttle.ts';

export class AdminRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  findByName(name: string): Promise<AdminUserRow | undefined> {
    return this.#db.selectFrom('admin_user').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /**
   * The admin (if the name exists) and the client's sign-in throttle state on the name (whether it
   * exists or not), in one query.
   */
  async findByNameForSignIn(
    name: string,
    subject: string,
    throttle: (subject: RawBuilder<string>) => ThrottleJoin,
  ): Promise<(AdminUserRow & ThrottleState) | (ThrottleState & { id: null })> {
    const state = throttle(sql.val(subject));
    const { rows } = await sql<AdminUserRow & ThrottleState>`
      select admin_user.*, ${state.columns}
      from (select 1) as one left join admin_user on admin_user.name = ${name} ${state.join}
    `.execute(this.#db);
    return rows[0]!;
  }

  findById(id: string): Promise<AdminUserRow | undefined> {
    return this.#db.selectFrom('admin_user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(): Promise<AdminUserRow[]> {
    return this.#db.selectFrom('admin_user').selectAll().orderBy('name').execute();
  }

  /**
   * Creates the admin, or sets a new password when the name exists; reports which happened. A new
   * password ends the admin's sessions (see `updatePassword`).
   */
  async upsert(name: string, passwordHash: string): Promise<'created' | 'updated'> {
    const row = await this.#db
      .insertInto('admin_user')
      .values({ name, password_hash: passwordHash })
      .onConflict((conflict) => conflict.column('name').doUpdateSet(newPassword(passwordHash)))
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirstOrThrow();
    return row.inserted ? 'created' : 'updated';
  }

  /** Sets a new password and ends every session signed in with the old one. */
  async updatePassword(name: string, passwordHash: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('admin_user')
      .set(newPassword(passwordHash))
      .where('name', '=', name)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom('admin_user')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }
}

/** A new password hash, and a new session version: tokens issued before are refused from now on. */
function newPassword(passwordHash: string) {
  return {
    password_hash: passwordHash,
    session_version: sql<number>`admin_user.session_version + 1`,
    updated_at: sql<Date>`now()`,
  };
}
