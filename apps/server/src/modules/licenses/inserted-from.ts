import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The columns a license is inserted with in bulk; the rest take the table's defaults. */
const COLUMNS = [
  'id',
  'key',
  'version',
  'start_code',
  'authentication_code',
  'status',
  'type_of_entry',
  'entry_reference',
  'holder_type',
  'holder_name',
  'holder_email',
  'holder_contact',
  'bound_at',
  'notes',
  'class',
  'type',
  'size',
  'delivery',
  'dvd_count',
  'special_permissions',
  'software_downloads',
  'metasearch_downloads',
  'updated_to_license',
  'product_sku',
  'extension_sku',
  'created_at',
  'updated_at',
] as const;

/**
 * Inserts the licenses a query yields, in one statement (the import's 100,000 rows, decision 061):
 * the query names each of `COLUMNS` as a column of its own, in any order. How many were inserted.
 */
export async function insertLicensesFrom(db: Kysely<DB>, source: RawBuilder<unknown>): Promise<number> {
  const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
  const inserted = await sql`
    insert into license (${columns}) select ${columns} from (${source}) as source`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}
