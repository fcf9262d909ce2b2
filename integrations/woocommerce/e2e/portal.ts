/**
 * The portal of the run: `node apps/server/src/server.ts` (what `npm start` runs, the web app
 * built if needed) on a temporary DATA_DIR with the embedded database, connected to the test
 * shop, mailing to the test SMTP server in this process; and the back office's API as far as the
 * run reads it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpServer, type TestSmtpServer } from '../../../apps/server/src/test/smtp.ts';
import { freePort, onCleanup, run, startGroup, waitForUrl } from './processes.ts';
import type { Shop } from './shop-site.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Portal {
  url: string;
  smtp: TestSmtpServer;
  webhookSecret: string;
  publicKeys: string[];
  /** What the portal printed last (its warnings and errors), for a failed case. */
  log(): string;
  /** The back office's API, signed in as the run's admin. */
  admin<T>(url: string, init?: RequestInit): Promise<T>;
}

export async function startPortal(shop: Shop): Promise<Portal> {
  run(process.execPath, [path.join(ROOT, 'scripts/build-web-if-needed.ts')], { cwd: ROOT });
  const smtp = await startSmtpServer();
  onCleanup(() => smtp.close());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-shop-e2e-portal-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const webhookSecret = crypto.randomBytes(24).toString('hex');
  const admin = { username: 'e2e-admin', password: crypto.randomBytes(12).toString('base64url') };
  const server = startGroup('the portal', process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      WORKER: 'inline',
      SMTP_URL: smtp.url,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // The run's buyer comes from one address many times.
      AUTH_CLIENT_LIMIT: '1000000',
      SHOP_URL: shop.assistantPage,
      SHOP_ORIGIN: shop.home,
      SHOP_WEBHOOK_SECRET: webhookSecret,
      SHOP_API_KEY: shop.restKey,
      SHOP_API_SECRET: shop.restSecret,
      SHOP_ORDER_URL: `${shop.home}/wp-admin/post.php?post={id}&action=edit`,
      SHOP_PRODUCT_IDS: Object.entries(shop.productIds)
        .map(([sku, id]) => `${sku}=${id}`)
        .join(','),
    },
  });
  await waitForUrl(`${url}/api/v1/health`, server, 240);
  const keys = (await (await fetch(`${url}/api/v1/shop/cart-keys`)).json()) as {
    data: { keys: { publicKey: string }[] };
  };
  let token: string | undefined;
  async function signIn(): Promise<string> {
    const response = await fetch(`${url}/api/v1/auth/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (!response.ok)
      throw new Error(`the admin's sign-in failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { token: string } }).data.token;
  }
  return {
    url,
    smtp,
    webhookSecret,
    publicKeys: keys.data.keys.map((key) => key.publicKey),
    log: () => server.output().slice(-4000),
    async admin<T>(path: string, init: RequestInit = {}): Promise<T> {
      token ??= await signIn();
      const response = await fetch(`${url}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
