import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Each table is written by one module (decision 069): the others call its service. This is the
 * one place that says which module owns which table; a table the floors below the modules own
 * (`http/`, `lists/`) is written by no module. A new table needs its line here.
 */
const TABLE_OWNERS: Record<string, string> = {
  admin_user: 'auth',
  auth_throttle_client: 'auth',
  auth_throttle_subject: 'auth',
  audit_entry: 'audit',
  client_rate_limit: 'http/',
  delivery: 'deliveries',
  download: 'downloads',
  holder_contact_change: 'contact-changes',
  license: 'licenses',
  license_import_finding: 'license-import',
  license_import_row: 'license-import',
  license_import_run: 'license-import',
  license_import_upload: 'license-import',
  list_row_count: 'lists/',
  offer_mail: 'upgrade-sessions',
  order_generation: 'order-generations',
  overview_tally: 'overview',
  pending_upload: 'documents',
  product_release: 'downloads',
  retention_run: 'privacy',
  shop_ignored_order: 'shop',
  shop_reconciliation: 'shop',
  upgrade_session: 'upgrade-sessions',
};

const ROOT = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(ROOT, 'apps/server/src/modules');

/** The tables as the schema declares them (`interface DB`). */
function declaredTables(): string[] {
  const schema = fs.readFileSync(path.join(ROOT, 'apps/server/src/db/schema.ts'), 'utf8');
  const db = /export interface DB \{([^}]*)\}/.exec(schema)![1]!;
  return [...db.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!);
}

/** Code without its comments: prose says „update” and „delete from” too. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/**
 * The tables a file's code writes: Kysely's `updateTable`, `insertInto`, `deleteFrom`,
 * `mergeInto`, `replaceInto` with a table's name, and SQL's `update`, `insert into`, `delete from`,
 * `merge into`, `truncate` naming one (any word that names no table is prose or SQL, not a table).
 */
function writtenTables(code: string, tables: ReadonlySet<string>): string[] {
  const text = withoutComments(code);
  const names = [
    ...text.matchAll(/\.(?:updateTable|insertInto|deleteFrom|mergeInto|replaceInto)\(\s*['"`](\w+)/g),
    ...text.matchAll(/\b(?:update|insert\s+into|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(\w+)/gi),
  ].map((match) => match[1]!);
  return [...new Set(names.filter((name) => tables.has(name)))].sort();
}

/** Every module's own code (not its tests nor test helpers), as `[module, file]`. */
function moduleFiles(): [string, string][] {
  return fs
    .readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/(\.test\.ts|test-[\w-]+\.ts)$/.test(file))
    .filter((file) => !file.split(path.sep).some((part) => part === 'test' || part === 'fixtures'))
    .map((file) => [file.split(path.sep)[0]!, file]);
}

/** Each write of a table by a module that does not own it, as `module → table (file)`. */
function foreignWrites(tables: ReadonlySet<string>): { write: string; file: string }[] {
  return moduleFiles().flatMap(([module, file]) =>
    writtenTables(fs.readFileSync(path.join(MODULES, file), 'utf8'), tables)
      .filter((table) => TABLE_OWNERS[table] !== module)
      .map((table) => ({ write: `${module} → ${table}`, file })),
  );
}

describe('each table is written by the module that owns it (decision 069)', () => {
  const tables = new Set(declaredTables());

  test('every table of the schema has an owner, and only those', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
  });

  test('reads the writes of Kysely and of SQL, not prose or reads', () => {
    const code = `
      // An order's update replaced the license; delete from delivery in a comment.
      await db.updateTable('license').set({ notes: null }).execute();
      await transaction
        .insertInto('audit_entry')
        .values(entry);
      await sql\`delete from offer_mail where sent_at < \${cutoff}\`.execute(db);
      await sql\`update upgrade_session set holder = null where id in (
        select id from delivery for update skip locked)\`.execute(db);
      await sql\`insert into download (license) values (\${id}) on conflict do update set size = 1\`.execute(db);
      await db.selectFrom('pending_upload').selectAll().execute();
    `;
    expect(writtenTables(code, tables)).toEqual([
      'audit_entry',
      'download',
      'license',
      'offer_mail',
      'upgrade_session',
    ]);
  });

  test('no module writes a table it does not own', () => {
    expect(
      foreignWrites(tables).map(({ write, file }) => `${write} (${file})`),
      "a module writes another module's table: call the owning module's service",
    ).toEqual([]);
  });
});
