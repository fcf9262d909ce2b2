import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The contact changes naming a person (decision 064): to or of one of these addresses or names
 * (lower case), or of one of their licenses, deleted. How many went.
 */
export async function deleteContactChangesOf(
  transaction: Kysely<DB>,
  terms: readonly string[],
  licenseIds: readonly string[],
): Promise<number> {
  const result = await sql`
    delete from holder_contact_change
    where lower(email) = any(${terms}::text[]) or lower(contact) = any(${terms}::text[])
      or license = any(${licenseIds}::uuid[])`.execute(transaction);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The retention job's batch (decision 064): at most `limit` contact changes whose link was used
 * or ran out before `cutoff`, deleted. How many went.
 */
export async function deleteContactChangesEndedBefore(
  db: Kysely<DB>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from holder_contact_change where id in (
      select id from holder_contact_change
      where coalesce(confirmed_at, expires_at) < ${cutoff}
      limit ${limit} for update skip locked
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
