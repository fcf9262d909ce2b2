import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';

/** How long a storage probe's answer is reused: a load balancer asks every few seconds, S3 bills each write. */
const STORAGE_PROBE_REUSE_MS = 10_000;
const PROBE_BYTES = new TextEncoder().encode('readiness probe');

export type CheckOutcome = 'ok' | 'failed' | 'skipped';

export interface ReadinessReport {
  ready: boolean;
  checks: { database: CheckOutcome; migrations: CheckOutcome; storage: CheckOutcome };
  /** Why not ready, for the operator (English, as the logs). Empty when ready. */
  reasons: string[];
}

/**
 * Whether this process should get traffic (`/api/v1/health/ready`): the database answers, has
 * every migration of this release, and the file storage takes a write — and the process is not
 * shutting down. A load balancer stops sending requests when it turns 503, so a process drains
 * before it stops accepting (server.ts).
 */
export class Readiness {
  readonly #db: Kysely<DB>;
  readonly #storage: FileStorage;
  readonly #probeKey = `readiness/${os.hostname()}-${process.pid}`;
  #draining = false;
  #storageProbe: { at: number; outcome: Promise<string | null> } | undefined;

  constructor({ db, storage }: { db: Kysely<DB>; storage: FileStorage }) {
    this.#db = db;
    this.#storage = storage;
  }

  /** From now on not ready: the process is about to stop (it finishes what it has). */
  drain(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  async check(): Promise<ReadinessReport> {
    const reasons: string[] = [];
    if (this.#draining) reasons.push('shutting down');
    const checks: ReadinessReport['checks'] = { database: 'ok', migrations: 'ok', storage: 'ok' };
    const [database, storage] = await Promise.all([this.#database(), this.#storageWritable()]);
    if (database === 'unreachable') {
      reasons.push('database unreachable');
      checks.database = 'failed';
      checks.migrations = 'skipped';
    } else if (database.length > 0) {
      reasons.push(`database behind this release: migrations ${database.join(', ')} not applied`);
      checks.migrations = 'failed';
    }
    if (storage) {
      reasons.push(`storage not writable: ${storage}`);
      checks.storage = 'failed';
    }
    return { ready: reasons.length === 0, checks, reasons };
  }

  /** The migrations the database lacks, or that it cannot be reached. */
  async #database(): Promise<string[] | 'unreachable'> {
    try {
      await sql`select 1`.execute(this.#db);
    } catch {
      return 'unreachable';
    }
    return pendingMigrations(this.#db).catch(() => 'unreachable' as const);
  }

  /** Null when a probe file could be written (and removed), otherwise what went wrong. */
  #storageWritable(): Promise<string | null> {
    const now = Date.now();
    if (!this.#storageProbe || now - this.#storageProbe.at > STORAGE_PROBE_REUSE_MS) {
      this.#storageProbe = {
        at: now,
        outcome: this.#storage
          .put(this.#probeKey, PROBE_BYTES, 'text/plain')
          .then(() => this.#storage.delete(this.#probeKey))
          .then(
            () => null,
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          ),
      };
    }
    return this.#storageProbe.outcome;
  }
}
