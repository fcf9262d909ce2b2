import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The erasure of a person's data (decision 064) on their disabled licenses: a license in use
 * keeps its holder (the sign-in needs the name); a disabled one loses it, and its authentication
 * code, which is the holder name, becomes a random one (it signs in no one). How many it changed.
 */
export async function eraseDisabledHolders(transaction: Kysely<DB>, ids: readonly string[]): Promise<number> {
  const result = await sql`
    update license set holder_type = null, holder_name = null, holder_email = null, holder_contact = null,
      authentication_code = md5(gen_random_uuid()::text)
    where id = any(${ids}::uuid[]) and status = 'disabled'`.execute(transaction);
  return Number(result.numAffectedRows ?? 0);
}
