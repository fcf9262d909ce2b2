import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { defineList, type ListField } from '@lizenzportal/domain';
import type { Database } from '../db/database.ts';
import { listRoute } from '../http/list-route.ts';
import { validatorCompiler } from '../http/validation.ts';
import { createTestDatabase } from '../test/database.ts';
import { defineListEntity } from './list-entity.ts';
import { listPage } from './list-page.ts';
import type { CountedTable } from './row-count.ts';

/**
 * A back-office list the portal does not have, added as decision 071 says a list is: its
 * declaration (the domain's), its table's columns and its query (the server's). No list of counted
 * tables, no migration for its total.
 */
interface Note {
  _id: number;
  text: string;
}
const NOTE_LIST = defineList<Note>()({
  path: '/note',
  key: 'notes',
  fields: [
    { name: '_id', label: 'ID', type: 'number', sortable: true },
    { name: 'text', label: 'Text', type: 'text', sortable: true },
    { name: 'createdAt', label: 'Erzeugt', type: 'date', sortable: true },
  ] as const satisfies readonly ListField[],
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // The new list's table, as its module's migration would create it, with rows from before the list.
  await sql`create table note (id integer primary key, text text not null, created_at timestamptz not null default now())`.execute(
    database.db,
  );
  await sql`insert into note (id, text) select n, 'Notiz ' || n from generate_series(1, 25) as n`.execute(
    database.db,
  );
});
afterAll(() => database?.close());

const NOTE_LIST_ENTITY = defineListEntity({
  list: NOTE_LIST,
  table: 'note' as CountedTable,
  columns: { _id: 'id', text: 'text', createdAt: 'created_at' },
});

async function noteApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.route(
    listRoute({
      entity: NOTE_LIST_ENTITY,
      item: z.object({ _id: z.int(), text: z.string() }),
      tag: 'notes',
      summary: 'Notes',
      preHandler: (_request, _reply, done) => done(),
      list: async (request) => {
        const { rows, ...total } = await listPage(database.db, NOTE_LIST_ENTITY, request);
        const notes = (rows as { id: number; text: string }[]).map(({ id, text }) => ({ _id: id, text }));
        return { rows: notes, ...total };
      },
    }),
  );
  await app.ready();
  return app;
}

test('a new list answers at its path, filtered and sorted, with the exact total of its table', async () => {
  const app = await noteApp();
  try {
    const first = await app.inject({ method: 'GET', url: '/note?sort=_id&limit=2' });
    expect(first.json()).toEqual({
      data: {
        notes: [
          { _id: 1, text: 'Notiz 1' },
          { _id: 2, text: 'Notiz 2' },
        ],
        total: 25,
        totalExact: true,
      },
    });
    // The unfiltered total is the table's count, kept by the triggers its first read installed.
    const { rows } = await sql<{ name: string }>`
      select tgname as name from pg_trigger where tgrelid = 'note'::regclass and not tgisinternal order by tgname
    `.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual([
      'note_row_count_delete',
      'note_row_count_insert',
      'note_row_count_truncate',
    ]);
    await sql`insert into note (id, text) values (26, 'Neu'), (27, 'Neuer')`.execute(database.db);
    const last = await app.inject({ method: 'GET', url: '/note?sort=-_id&limit=1' });
    expect(last.json()).toMatchObject({ data: { notes: [{ _id: 27 }], total: 27, totalExact: true } });
    const filtered = await app.inject({ method: 'GET', url: '/note?text=/neu/i' });
    expect(filtered.json()).toMatchObject({ data: { total: 2, totalExact: true } });
  } finally {
    await app.close();
  }
});
