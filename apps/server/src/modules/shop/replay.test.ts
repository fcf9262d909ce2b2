import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { REPOSITORY_ROOT } from '../../test/process.ts';
import { replayOrderFile } from './replay.ts';
import { PAID_ORDER_FILE } from './test-orders.ts';

const SECRET = 'replay-test-secret';
const ctx = useTestApp({ SHOP_WEBHOOK_SECRET: SECRET });
let portalUrl = '';
beforeAll(async () => {
  portalUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-replay-'));
function file(name: string, content: string): string {
  const target = path.join(directory, name);
  fs.writeFileSync(target, content);
  return target;
}

describe('npm run shop:replay', () => {
  test('posts the saved order signed: accepted once, known after that', async () => {
    const replay = () => replayOrderFile(PAID_ORDER_FILE, { portalUrl, secret: SECRET });
    const first = await replay();
    expect(first.ok).toBe(true);
    expect(first.message).toMatch(/^Order 4711: accepted, order generation [0-9a-f-]{36} started\.$/);
    expect((await replay()).message).toMatch(
      /^Order 4711: known already \(order generation [0-9a-f-]{36}\): nothing new\.$/,
    );
    const count = await ctx.database.db.selectFrom('order_generation').select('id').execute();
    expect(count).toHaveLength(1);
  });

  test.each([
    ['a missing file', () => path.join(directory, 'nowhere.json'), /^No such file: .*nowhere\.json$/],
    ['invalid JSON', () => file('broken.json', '{"id": 1,'), /^.*broken\.json is not valid JSON: /],
    [
      'JSON that is no order',
      () => file('product.json', JSON.stringify({ id: 5, name: 'Pro-Lizenz' })),
      /^.*product\.json is not a WooCommerce order: number: /,
    ],
  ])('%s is named clearly and nothing is posted', async (_, target, message) => {
    const result = await replayOrderFile(target(), { portalUrl, secret: SECRET });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(await ctx.database.db.selectFrom('order_generation').select('id').execute()).toEqual([]);
  });

  test('a refused signature and an absent portal say what to do', async () => {
    expect(await replayOrderFile(PAID_ORDER_FILE, { portalUrl, secret: 'not-the-portals' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^The portal refused the signature \(401\): SHOP_WEBHOOK_SECRET/),
    });
    expect(
      await replayOrderFile(PAID_ORDER_FILE, { portalUrl: 'http://127.0.0.1:9', secret: SECRET }),
    ).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^No portal answers at http:\/\/127\.0\.0\.1:9\/api\/v1\/shop\/webhook \(.*\)\. Is it running\?/,
      ),
    });
  });

  test('the command: exit code 0 and the outcome, or 1 and the problem', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['apps/server/src/cli/shop-replay.ts', ...args], {
        cwd: REPOSITORY_ROOT,
        env: { PATH: process.env['PATH'], SHOP_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'silent' },
      }).then(
        ({ stdout }) => ({ code: 0, output: stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
    const accepted = await run(PAID_ORDER_FILE, '--url', portalUrl);
    expect(accepted).toEqual({ code: 0, output: expect.stringMatching(/^Order 4711: accepted/) });
    expect(await run(path.join(directory, 'nowhere.json'), '--url', portalUrl)).toEqual({
      code: 1,
      output: expect.stringMatching(/^No such file: /),
    });
    expect(await run()).toEqual({
      code: 1,
      output: expect.stringMatching(/^Usage: npm run shop:replay -- <order\.json>/),
    });
  });
});
