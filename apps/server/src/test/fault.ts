/**
 * Support for the fault tests: the portal and its workers as real processes, a workload made
 * through the API, and what the outcome looks like from outside (API, mails, stored files).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Delivery, License } from '@lizenzportal/domain';
import { loadConfig, type JobQueueTiming } from '../config.ts';
import { freePort, startPortalProcess, waitUntilHealthy, type PortalProcess } from './process.ts';

const FAULT_ADMIN = { username: 'fault-admin', password: 'fault-admin-password' } as const;

/**
 * How every process of a fault test notices a dead worker (decision 083): the shortest heartbeat
 * pg-boss takes, looked for every 2 s. What the tests prove — the dead worker's jobs resumed by
 * another, nothing done twice, nothing left — does not depend on how long noticing takes; at the
 * defaults (30 s, every 15 s) most of their time was waiting for it.
 */
const FAULT_JOB_QUEUE: JobQueueTiming = { heartbeatSeconds: 10, superviseIntervalSeconds: 2 };

/** The heartbeat the fault tests ran with, for their printed figures. */
export const FAULT_HEARTBEAT = `heartbeat ${FAULT_JOB_QUEUE.heartbeatSeconds} s, looked for every ${FAULT_JOB_QUEUE.superviseIntervalSeconds} s`;

/**
 * The longest a dead worker's job waits to be noticed: its heartbeat runs out (at most a heartbeat
 * after the kill), then the supervisor's next pass that examines its queue (up to two intervals).
 */
function noticedWithinSeconds({ heartbeatSeconds, superviseIntervalSeconds }: JobQueueTiming): number {
  return heartbeatSeconds + 2 * superviseIntervalSeconds;
}

/**
 * A bound stated for the default heartbeat and supervision (the README's two minutes for a dead
 * worker's jobs), held at the fault tests' shorter ones: less by the time the defaults take longer
 * to notice the death (46 s), so what else it covers (a worker's start, the retry delay, the work)
 * gets the same time as at the defaults.
 */
export function atFaultHeartbeat(msAtDefaults: number): number {
  const sooner = noticedWithinSeconds(loadConfig({}).jobQueue) - noticedWithinSeconds(FAULT_JOB_QUEUE);
  return msAtDefaults - sooner * 1000;
}

/**
 * The settings of every portal process of a fault test: production mode (no demo data), the same
 * secret and admin, warnings and errors logged (errors fail the test), a dead worker noticed soon.
 */
export function faultEnvironment(environment: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'fault-test-secret-'.repeat(3),
    SHOP_WEBHOOK_SECRET: 'faultTestWebhookSecret0123456789',
    SHOP_CART_SIGNING_KEY: 'faultTestCartSigningKey0123456789',
    ADMIN_USERNAME: FAULT_ADMIN.username,
    ADMIN_PASSWORD: FAULT_ADMIN.password,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // A stopped process has no load balancer to drain from (the scaled-out test sets its own).
    SHUTDOWN_DRAIN_SECONDS: '0',
    JOB_HEARTBEAT_SECONDS: String(FAULT_JOB_QUEUE.heartbeatSeconds),
    JOB_SUPERVISE_INTERVAL_SECONDS: String(FAULT_JOB_QUEUE.superviseIntervalSeconds),
    ...environment,
  };
}

export interface RunningPortal {
  url: string;
  process: PortalProcess;
}

/** The portal as `npm start` runs it (the web app is not needed here), listening on a free port. */
export async function startPortal(environment: Record<string, string>): Promise<RunningPortal> {
  const port = await freePort();
  const portal = startPortalProcess(
    [process.execPath, 'apps/server/src/server.ts'],
    faultEnvironment({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...environment }),
  );
  const url = `http://127.0.0.1:${port}`;
  // Starting on a database left by a killed process (PGlite recovers it) on a loaded machine.
  await waitUntilHealthy(portal, url, 120_000);
  if (portal.hasExited()) throw new Error(`the portal did not start:\n${portal.output()}`);
  return { url, process: portal };
}

/** A job worker as `npm run worker` starts it. */
export function startWorker(environment: Record<string, string>): PortalProcess {
  return startPortalProcess(['npm', 'run', '--silent', 'worker'], faultEnvironment(environment));
}

/** The back-office API of a running portal, as the admin. */
export class PortalClient {
  readonly #url: string;
  #token: string | undefined;

  constructor(url: string) {
    this.#url = url;
  }

  async #request<T>(method: string, route: string, body?: unknown): Promise<T> {
    this.#token ??= await this.#signIn();
    const response = await fetch(`${this.#url}/api/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${this.#token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  async #signIn(): Promise<string> {
    const response = await fetch(`${this.#url}/api/v1/auth/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(FAULT_ADMIN),
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  }

  /** Creates licenses, 50 at a time (the API's limit), with or without their starter documents. */
  async createLicenses(count: number, generateStarterDocument: boolean): Promise<License[]> {
    const created: License[] = [];
    while (created.length < count) {
      const { licenses } = await this.#request<{ licenses: License[] }>('POST', '/license', {
        count: Math.min(50, count - created.length),
        properties: { dvdCount: 0 },
        generateStarterDocument,
      });
      created.push(...licenses);
    }
    return created;
  }

  async sendStarterDocument(license: License, recipient: string): Promise<Delivery> {
    const { delivery } = await this.#request<{ delivery: Delivery }>(
      'POST',
      `/license/${license._id}/delivery`,
      { documentType: 'starter', recipient },
    );
    return delivery;
  }

  async licenses(): Promise<License[]> {
    return (await this.#request<{ licenses: License[] }>('GET', '/license?limit=0')).licenses;
  }

  async deliveries(): Promise<Delivery[]> {
    return (await this.#request<{ deliveries: Delivery[] }>('GET', '/delivery?limit=0')).deliveries;
  }
}

/** The keys of every file under a storage directory (temporary files of interrupted writes too). */
export function storedKeys(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The stored files no license and no delivery refers to. */
export function unreferencedKeys(keys: string[], licenses: License[], deliveries: Delivery[]): string[] {
  const referenced = new Set([
    ...licenses.flatMap((license) => [license.starterDocument, license.licenseDocument]),
    ...deliveries.flatMap((delivery) => delivery.documents),
  ]);
  return keys.filter((key) => !referenced.has(key));
}

/** How many mails each delivery produced, by the Message-ID the portal gives it (`<id@…>`). */
export function mailsPerDelivery(messageIds: (string | undefined)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const messageId of messageIds) {
    const id = /^<([^@]+)@/.exec(messageId ?? '')?.[1] ?? 'unknown';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Polls until `check` returns a value (not undefined/false); fails after the timeout. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
