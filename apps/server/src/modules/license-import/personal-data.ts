import { type Kysely, sql } from 'kysely';
import { licenseImportMessages } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * A run's staged rows naming a person (decision 064; emptied when the run ends), deleted: a row
 * naming the person is not imported. Their authentication code is the holder name of a bound
 * row, so the row goes whole. How many went.
 */
export async function deleteStagedRowsOf(transaction: Kysely<DB>, terms: readonly string[]): Promise<number> {
  return affected(
    await sql`
      delete from license_import_row
      where lower(holder_email) = any(${terms}::text[]) or lower(holder_name) = any(${terms}::text[])
        or lower(holder_contact) = any(${terms}::text[])`.execute(transaction),
  );
}

/** A run's report keeps its findings' line and kind; a finding that quoted the person loses its words. */
export async function eraseFindingsQuoting(
  transaction: Kysely<DB>,
  terms: readonly string[],
): Promise<number> {
  return affected(
    await sql`
      update license_import_finding set message = ${licenseImportMessages.erasedOnRequest}
      where exists (select from unnest(${terms}::text[]) t where strpos(lower(message), '„' || t || '”') > 0)`.execute(
      transaction,
    ),
  );
}
