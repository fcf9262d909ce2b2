import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { RetentionPeriods } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { ClientPseudonyms } from '../../lib/client-pseudonyms.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { MAIL_BUDGETS } from '../upgrade-sessions/index.ts';

/** Rows one statement changes at most: short transactions, so no list ever waits for the job. */
const RETENTION_BATCH = 500;
/** Sessions per transaction: each may have an offer PDF to delete from the storage. */
const SESSION_BATCH = 100;
/** A holder's contact change is kept this long after its link was used or ran out (support questions). */
const CONTACT_CHANGE_DAYS = 7;

/** What the retention job removes, each on its own period (decision 064). */
export const RETENTION_KINDS = [
  /** Billing, shipping and holder data (and the offer PDF and mail) of sessions never ordered. */
  'offer-data',
  /** The text of sent mails (the delivery's record stays); the outbox's files of them. */
  'mail-text',
  /** Audit entries past their period. */
  'audit-entries',
  /** Client addresses: of offer budgets past their window, of throttle counters (made pseudonyms), expired counters. */
  'client-addresses',
  /** Holders' contact changes whose link was used or ran out. */
  'contact-changes',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export type RetentionCounts = Record<RetentionKind, number>;

export interface RetentionDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  periods: RetentionPeriods;
  pseudonyms: ClientPseudonyms;
  /** The `.eml` outbox when mails are written there rather than sent (no `SMTP_URL`). */
  outboxDir: string | null;
  log: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Removes personal data once its period is over (decision 064, docs/privacy.md). Every kind goes
 * in batches of short transactions that skip rows others hold (`skip locked`), so neither the
 * back office's lists nor a customer waits for it; a run repeated (two workers, a retry) finds
 * nothing left to do. `now` is a parameter: the tests set the clock forward.
 */
export class Retention {
  readonly #deps: RetentionDeps;

  constructor(deps: RetentionDeps) {
    this.#deps = deps;
  }

  get periods(): RetentionPeriods {
    return this.#deps.periods;
  }

  /** One run of every kind; what it removed is recorded for the metrics. */
  async run(now: Date = new Date()): Promise<RetentionCounts> {
    const removed: RetentionCounts = {
      'offer-data': await this.#offerData(now),
      'mail-text': await this.#mailText(now),
      'audit-entries': await this.#auditEntries(now),
      'client-addresses': await this.#clientAddresses(now),
      'contact-changes': await this.#contactChanges(now),
    };
    await this.#deps.db
      .insertInto('retention_run')
      .values({ id: true, finished_at: new Date(), removed: JSON.stringify(removed) })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({ finished_at: new Date(), removed: JSON.stringify(removed) }),
      )
      .execute();
    this.#deps.log.info({ removed }, 'personal data past their retention removed');
    return removed;
  }

  /** Repeats a batch until it changes fewer rows than a batch holds. */
  async #batches(size: number, batch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const changed = await batch();
      total += changed;
      if (changed < size) return total;
    }
  }

  /**
   * Sessions never ordered, the offer period's days after their offer ran out (or after their
   * last change, without an offer): their billing is reduced to its country (the figures' VAT and
   * market), shipping and holder go, the offer PDF is deleted from the storage and the offer's
   * mails (which name the billing address) are deleted. The session keeps its type, status,
   * products, offer number and dates.
   */
  async #offerData(now: Date): Promise<number> {
    const cutoff = daysBefore(now, this.#deps.periods.offerDays);
    return this.#batches(SESSION_BATCH, () =>
      this.#deps.db.transaction().execute(async (transaction) => {
        const { rows } = await sql<{ id: string; offer_document: string | null }>`
          select id, offer_document from upgrade_session
          where personal_data_removed_at is null and status in ('created', 'offered', 'expired')
            and coalesce(offer_valid_until, updated_at) < ${cutoff}
          order by coalesce(offer_valid_until, updated_at)
          limit ${SESSION_BATCH}
          for update skip locked
        `.execute(transaction);
        if (rows.length === 0) return 0;
        const ids = rows.map((row) => row.id);
        for (const { offer_document: key } of rows) if (key) await this.#deps.storage.delete(key);
        await transaction
          .deleteFrom('delivery')
          .where('upgrade_session', 'in', ids)
          .where('occasion', '=', 'offer')
          .execute();
        await sql`
          update upgrade_session set
            billing = jsonb_build_object('countryCode', billing -> 'countryCode'),
            shipping = null,
            holder = null,
            offer_document = null,
            personal_data_removed_at = ${now},
            updated_at = ${now}
          where id = any(${ids}::uuid[])
        `.execute(transaction);
        return rows.length;
      }),
    );
  }

  /**
   * The text of mails sent (or failed for good) the mail period's days ago: subject, recipient,
   * status and documents stay as the record of what was sent; a resend renders the text anew.
   * Outbox files (no `SMTP_URL`) of that age go as well.
   */
  async #mailText(now: Date): Promise<number> {
    const cutoff = daysBefore(now, this.#deps.periods.mailTextDays);
    const deliveries = await this.#batches(RETENTION_BATCH, async () => {
      const result = await sql`
        update delivery set content = '', text_content = '', content_removed_at = ${now}
        where id in (
          select id from delivery
          where content_removed_at is null and progress <> 'in-progress' and updated_at < ${cutoff}
          order by updated_at
          limit ${RETENTION_BATCH}
          for update skip locked
        )
      `.execute(this.#deps.db);
      return Number(result.numAffectedRows ?? 0);
    });
    return deliveries + (await this.#outboxFiles(cutoff));
  }

  async #outboxFiles(cutoff: Date): Promise<number> {
    const { outboxDir } = this.#deps;
    if (!outboxDir) return 0;
    let names: string[];
    try {
      names = await fs.readdir(outboxDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
      const file = path.join(outboxDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtime < cutoff) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async #auditEntries(now: Date): Promise<number> {
    const cutoff = daysBefore(now, this.#deps.periods.auditDays);
    return this.#batches(RETENTION_BATCH, async () => {
      const result = await sql`
        delete from audit_entry where id in (
          select id from audit_entry where created_at < ${cutoff}
          order by created_at limit ${RETENTION_BATCH} for update skip locked
        )
      `.execute(this.#deps.db);
      return Number(result.numAffectedRows ?? 0);
    });
  }

  /**
   * Client addresses: offer budgets' rows once their longest window is over, the request limits'
   * counters of windows past, throttle counters once forgotten, and counters an earlier release
   * wrote with the address are given the client's pseudonym (their failures stay counted).
   */
  async #clientAddresses(now: Date): Promise<number> {
    const { db } = this.#deps;
    const longestWindowMinutes = Math.max(...MAIL_BUDGETS.map((limit) => limit.windowMinutes));
    const budgetCutoff = new Date(now.getTime() - longestWindowMinutes * 60_000);
    const deleted = (statement: () => Promise<{ numAffectedRows?: bigint }>) =>
      this.#batches(RETENTION_BATCH, async () => Number((await statement()).numAffectedRows ?? 0));
    let removed = await deleted(() =>
      sql`
        delete from offer_mail where ctid in (
          select ctid from offer_mail where sent_at < ${budgetCutoff} limit ${RETENTION_BATCH} for update skip locked
        )
      `.execute(db),
    );
    removed += await deleted(() =>
      sql`
        delete from client_rate_limit where key in (
          select key from client_rate_limit where resets_at < ${now} limit ${RETENTION_BATCH} for update skip locked
        )
      `.execute(db),
    );
    removed += await deleted(() =>
      sql`
        delete from auth_throttle_client where (scope, subject, client) in (
          select scope, subject, client from auth_throttle_client where expires_at < ${now}
          limit ${RETENTION_BATCH} for update skip locked
        )
      `.execute(db),
    );
    // The subjects' gates name no client; forgotten ones go with them.
    await sql`delete from auth_throttle_subject where expires_at < ${now}`.execute(db);
    return removed + (await this.#batches(RETENTION_BATCH, () => this.#pseudonymizeThrottle()));
  }

  /** Counters of a release that stored the address: merged into the pseudonym's counter. */
  async #pseudonymizeThrottle(): Promise<number> {
    return this.#deps.db.transaction().execute(async (transaction) => {
      const { rows } = await sql<{ scope: string; subject: string; client: string }>`
        select scope, subject, client from auth_throttle_client
        where client not like 'p:%'
        limit ${RETENTION_BATCH} for update skip locked
      `.execute(transaction);
      for (const { scope, subject, client } of rows) {
        const pseudonym = this.#deps.pseudonyms.of(client);
        await sql`
          with old as (
            delete from auth_throttle_client
            where scope = ${scope} and subject = ${subject} and client = ${client}
            returning failures, retry_at, expires_at
          )
          insert into auth_throttle_client as c (scope, subject, client, failures, retry_at, expires_at)
          select ${scope}, ${subject}, ${pseudonym}, failures, retry_at, expires_at from old
          on conflict (scope, subject, client) do update set
            failures = greatest(c.failures, excluded.failures),
            retry_at = greatest(c.retry_at, excluded.retry_at),
            expires_at = greatest(c.expires_at, excluded.expires_at)
        `.execute(transaction);
      }
      return rows.length;
    });
  }

  async #contactChanges(now: Date): Promise<number> {
    const cutoff = daysBefore(now, CONTACT_CHANGE_DAYS);
    return this.#batches(RETENTION_BATCH, async () => {
      const result = await sql`
        delete from holder_contact_change where id in (
          select id from holder_contact_change
          where coalesce(confirmed_at, expires_at) < ${cutoff}
          limit ${RETENTION_BATCH} for update skip locked
        )
      `.execute(this.#deps.db);
      return Number(result.numAffectedRows ?? 0);
    });
  }
}
