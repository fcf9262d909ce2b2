/**
 * The mail of a 500-license reseller order (issue 38, decision 070) through the real portal (child
 * process, PGlite, inline worker, outbox): its size as written, with the attachment limit's default
 * (10 MiB: one link to a ZIP) and without it (a limit above the mail: every PDF attached), and the
 * ZIP behind the link (its size, the time to download it). `npm run bench -- shop` runs it with the
 * shop's benchmark, `npm run bench -- shop-mail` alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertRunning, freePort, startPortal, stop } from './lib/processes.ts';
import { ADMIN, adminToken, orderDelivered, resellerOrder, SECRET } from './shop.bench.ts';

const LICENSES = 500;
const MIB = 1024 * 1024;

/** One portal with this limit (unset: the default): the order, its mail's size and its ZIP. */
async function measure(label: string, limitMb: string | undefined): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-mail-'));
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  const child = await startPortal(port, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: portal,
    JWT_SECRET: 'bench-'.repeat(8),
    SHOP_WEBHOOK_SECRET: SECRET,
    SHOP_CART_SIGNING_KEY: 'benchCartSigningKey0123456789012345',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    WORKER: 'inline',
    ...(limitMb ? { DELIVERY_ATTACHMENT_LIMIT_MB: limitMb } : {}),
  });
  try {
    const token = await adminToken(portal);
    const body = await resellerOrder(portal, LICENSES, 900_500);
    const { ms, deliveries } = await orderDelivered(portal, token, body, 250);
    assertRunning(child);
    const outbox = path.join(dataDir, 'outbox');
    const sizes = fs.readdirSync(outbox).map((file) => fs.statSync(path.join(outbox, file)).size);
    const documents = deliveries.reduce((sum, delivery) => sum + delivery.documents.length, 0);
    console.log(
      `  ${label.padEnd(50)} ${sizes.map((size) => `${(size / MIB).toFixed(2)} MiB`).join(', ')} ` +
        `(${sizes.length} mail${sizes.length === 1 ? '' : 's'}, ${documents} documents; webhook to sent ${(ms / 1000).toFixed(1)} s)`,
    );
    for (const { documentsLink } of deliveries) {
      if (!documentsLink) continue;
      const started = performance.now();
      const response = await fetch(documentsLink.url);
      const bytes = (await response.arrayBuffer()).byteLength;
      console.log(
        `    its ZIP link: ${response.status} ${response.headers.get('content-type')}, ${(bytes / MIB).toFixed(2)} MiB ` +
          `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    try {
      await stop(child);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

export async function run(): Promise<void> {
  console.log(
    `\n# The mail of a ${LICENSES}-license reseller order (PGlite, inline worker, outbox; load: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
  );
  await measure('with the limit (default 10 MiB): a ZIP link', undefined);
  await measure('without it (limit 1000 MiB): every PDF attached', '1000');
}

if (import.meta.filename === process.argv[1]) await run();
