import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * Sessions never ordered, reduced (decision 064, by the erasure and by the retention job): their
 * billing to its country (the figures' VAT and market), shipping, holder and the offer PDF's key
 * gone; type, status, products, offer number and dates stay. How many changed.
 */
export async function reduceUnorderedSessions(
  transaction: Kysely<DB>,
  ids: readonly string[],
  now: Date,
): Promise<number> {
  return affected(
    await sql`
      update upgrade_session set billing = jsonb_build_object('countryCode', billing -> 'countryCode'),
        shipping = null, holder = null, offer_document = null, personal_data_removed_at = ${now}, updated_at = ${now}
      where id = any(${ids}::uuid[])`.execute(transaction),
  );
}

/** The offer budgets' rows of mails to these addresses (lower case), deleted. How many went. */
export async function deleteMailBudgetRows(
  transaction: Kysely<DB>,
  recipients: readonly string[],
): Promise<number> {
  return affected(
    await sql`delete from offer_mail where lower(recipient) = any(${recipients}::text[])`.execute(
      transaction,
    ),
  );
}

/**
 * The retention job's batch (decision 064): at most `limit` of the offer budgets' rows of mails
 * sent before `cutoff` (their longest window over), deleted. How many went.
 */
export async function deleteMailBudgetRowsBefore(
  db: Kysely<DB>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  return affected(
    await sql`
      delete from offer_mail where ctid in (
        select ctid from offer_mail where sent_at < ${cutoff} limit ${limit} for update skip locked
      )
    `.execute(db),
  );
}
