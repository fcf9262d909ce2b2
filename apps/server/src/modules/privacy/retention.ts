import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { RetentionPeriods } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { ClientPseudonyms } from '../../lib/client-pseudonyms.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { deleteEndedClientLimits } from '../../http/client-limit-store.ts';
import { deleteAuditEntriesBefore } from '../audit/index.ts';
import { throttleRetention } from '../auth/index.ts';
import { deleteContactChangesEndedBefore } from '../contact-changes/index.ts';
import { deleteOfferMails, emptyMailTextsBefore } from '../deliveries/index.ts';
import {
  deleteMailBudgetRowsBefore,
  MAIL_BUDGETS,
  reduceUnorderedSessions,
} from '../upgrade-sessions/index.ts';

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
        // As the erasure does, by the modules that own the tables (decision 069).
        await deleteOfferMails(transaction, ids);
        await reduceUnorderedSessions(transaction, ids, now);
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
    const deliveries = await this.#batches(RETENTION_BATCH, () =>
      emptyMailTextsBefore(this.#deps.db, cutoff, now, RETENTION_BATCH),
    );
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
    return this.#batches(RETENTION_BATCH, () =>
      deleteAuditEntriesBefore(this.#deps.db, cutoff, RETENTION_BATCH),
    );
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
    // Each table is emptied by the module (or floor) that owns it (decision 069).
    const batches = (batch: () => Promise<number>) => this.#batches(RETENTION_BATCH, batch);
    let removed = await batches(() => deleteMailBudgetRowsBefore(db, budgetCutoff, RETENTION_BATCH));
    removed += await batches(() => deleteEndedClientLimits(db, now, RETENTION_BATCH));
    removed += await batches(() => throttleRetention.deleteForgottenClients(db, now, RETENTION_BATCH));
    await throttleRetention.deleteForgottenSubjects(db, now);
    return (
      removed +
      (await batches(() => throttleRetention.pseudonymizeClients(db, this.#deps.pseudonyms, RETENTION_BATCH)))
    );
  }

  async #contactChanges(now: Date): Promise<number> {
    const cutoff = daysBefore(now, CONTACT_CHANGE_DAYS);
    return this.#batches(RETENTION_BATCH, () =>
      deleteContactChangesEndedBefore(this.#deps.db, cutoff, RETENTION_BATCH),
    );
  }
}
