import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * The mails of these sessions' offers, deleted (decision 064): they name the billing address, and
 * a session never ordered needs no record of them. How many went.
 */
export async function deleteOfferMails(
  transaction: Kysely<DB>,
  sessionIds: readonly string[],
): Promise<number> {
  return affected(
    await sql`delete from delivery where upgrade_session = any(${sessionIds}::uuid[]) and occasion = 'offer'`.execute(
      transaction,
    ),
  );
}

/**
 * The text of these mails, emptied (decision 064): subject, recipient, status and documents stay
 * as the record of what was sent; a mail still being sent keeps it. How many changed.
 */
export async function emptyMailTexts(
  transaction: Kysely<DB>,
  ids: readonly string[],
  now: Date,
): Promise<number> {
  return affected(
    await sql`
      update delivery set content = '', text_content = '', content_removed_at = ${now}
      where id = any(${ids}::uuid[]) and content_removed_at is null and progress <> 'in-progress'`.execute(
      transaction,
    ),
  );
}

/**
 * The retention job's batch (decision 064): the text of at most `limit` mails sent (or failed for
 * good) before `cutoff`, emptied as above, skipping rows others hold. How many changed.
 */
export async function emptyMailTextsBefore(
  db: Kysely<DB>,
  cutoff: Date,
  now: Date,
  limit: number,
): Promise<number> {
  return affected(
    await sql`
      update delivery set content = '', text_content = '', content_removed_at = ${now}
      where id in (
        select id from delivery
        where content_removed_at is null and progress <> 'in-progress' and updated_at < ${cutoff}
        order by updated_at
        limit ${limit}
        for update skip locked
      )
    `.execute(db),
  );
}
