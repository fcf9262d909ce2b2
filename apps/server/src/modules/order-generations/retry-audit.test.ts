import { describe, expect, test } from 'vitest';
import { errorOf, TEST_ADMIN, useTestApp } from '../../test/app.ts';

// Jobs stay queued (WORKER=off): the retried generation stays in progress while the test looks.
const ctx = useTestApp();

const ERROR = 'Unbekanntes Produkt „Riesenlizenz”. Bitte prüfen und dann „Erneut versuchen”.';

async function failedGeneration(): Promise<string> {
  const row = await ctx.database.db
    .insertInto('order_generation')
    .values({ order_number: '4711', progress: 'failed', error: ERROR })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function trail(id: string, headers: { authorization: string }) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/order-generation/${id}/audit`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.entries;
}

describe('„Erneut versuchen” in the audit trail', () => {
  test('records who retried, when, and the error the generation had, once however many retry at once', async () => {
    const id = await failedGeneration();
    const headers = await ctx.adminHeaders();
    const before = Date.now();
    const retries = await Promise.all(
      [1, 2, 3].map(() =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/order-generation/${id}/retry`, headers }),
      ),
    );
    expect(retries.map((retry) => retry.statusCode).sort()).toEqual([200, 409, 409]);

    const entries = await trail(id, headers);
    expect(entries).toEqual([
      expect.objectContaining({
        entity: 'order-generation',
        entityId: id,
        action: 'retried',
        actor: TEST_ADMIN.username,
        changes: [
          { field: 'progress', before: 'failed', after: 'in-progress' },
          { field: 'error', before: ERROR, after: null },
        ],
      }),
    ]);
    expect(Date.parse(entries[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  test('a refused retry writes nothing; the trail is for admins only', async () => {
    const id = await failedGeneration();
    await ctx.database.db
      .updateTable('order_generation')
      .set({ progress: 'completed', error: null })
      .execute();
    const headers = await ctx.adminHeaders();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/order-generation/${id}/retry`,
      headers,
    });
    expect(errorOf(refused).status).toBe(409);
    expect(await trail(id, headers)).toEqual([]);

    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/order-generation/${id}/audit` });
    expect(errorOf(anonymous).status).toBe(401);
  });
});
