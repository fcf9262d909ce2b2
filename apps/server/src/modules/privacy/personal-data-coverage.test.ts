import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { NOT_PERSONAL_COLUMNS, SEARCHED_COLUMNS } from './personal-data.ts';

const ctx = useTestApp();

/** Column names that may hold an e-mail address, a person's name or a client's address. */
const MAY_NAME_A_PERSON =
  /mail|name|recipient|contact|holder|client|billing|shipping|address|actor|subject|shop_order|changes/;

/** The tables' columns (schema `public`, where the portal's tables are) that may name a person. */
async function columnsThatMayNameAPerson(): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select table_name || '.' || column_name as column from information_schema.columns
    where table_schema = 'public' order by 1`.execute(ctx.database.db);
  return rows.map((row) => row.column).filter((column) => MAY_NAME_A_PERSON.test(column.split('.')[1]!));
}

describe('the Auskunft covers every column that may name a person', () => {
  test('each is searched by the Auskunft or declared not personal, with a reason', async () => {
    const declared = new Set<string>([...SEARCHED_COLUMNS, ...Object.keys(NOT_PERSONAL_COLUMNS)]);
    const columns = await columnsThatMayNameAPerson();
    expect(columns.filter((column) => !declared.has(column))).toEqual([]);
    // The declarations name columns that exist: a renamed column is declared anew.
    const all = await sql<{ column: string }>`
      select table_name || '.' || column_name as column from information_schema.columns
      where table_schema = 'public'`.execute(ctx.database.db);
    const existing = new Set(all.rows.map((row) => row.column));
    expect([...declared].filter((column) => !existing.has(column))).toEqual([]);
  });

  test('a new table with an e-mail address column makes the test above fail', async () => {
    await sql`create table newsletter_subscriber (id serial primary key, email text not null)`.execute(
      ctx.database.db,
    );
    try {
      const declared = new Set<string>([...SEARCHED_COLUMNS, ...Object.keys(NOT_PERSONAL_COLUMNS)]);
      const uncovered = (await columnsThatMayNameAPerson()).filter((column) => !declared.has(column));
      expect(uncovered).toEqual(['newsletter_subscriber.email']);
    } finally {
      await sql`drop table newsletter_subscriber`.execute(ctx.database.db);
    }
  });
});
