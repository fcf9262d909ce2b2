import { type Kysely, sql } from 'kysely';
import { deliveryFailureMessages } from '@lizenzportal/domain';
import type { DB, DeliveryRow, NewDeliveryRow } from '../../db/schema.ts';
import { listPage, type ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { DELIVERY_LIST_ENTITY } from './list.ts';

export class DeliveryRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  insert(row: NewDeliveryRow, db: Kysely<DB> = this.#db): Promise<DeliveryRow> {
    return db.insertInto('delivery').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findById(id: string): Promise<DeliveryRow | undefined> {
    return this.#db.selectFrom('delivery').selectAll().where('id', '=', id).executeTakeFirst();
  }

  forLicense(licenseId: string): Promise<DeliveryRow[]> {
    return this.#db
      .selectFrom('delivery')
      .selectAll()
      .where(sql<boolean>`licenses @> array[${licenseId}]::uuid[]`)
      .orderBy('created_at', 'desc')
      .execute();
  }

  forOrderGeneration(orderGenerationId: string): Promise<DeliveryRow[]> {
    return this.#db
      .selectFrom('delivery')
      .selectAll()
      .where('order_generation', '=', orderGenerationId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  list(request: ListRequest): Promise<ListPage<DeliveryRow>> {
    return listPage(this.#db, DELIVERY_LIST_ENTITY, request);
  }

  /** Serializes work on one recipient address until the transaction ends (any process). */
  async lockRecipient(recipient: string, transaction: Kysely<DB>): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(lower(${recipient})))`.execute(transaction);
  }

  /** Recovery mails sent to the address within the last hour (a limit against mail bombing). */
  async recentRecoveries(recipient: string, db: Kysely<DB> = this.#db): Promise<number> {
    const { count } = await db
      .selectFrom('delivery')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('occasion', '=', 'recovery')
      .where(sql<boolean>`lower(recipient) = lower(${recipient})`)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return count;
  }

  /**
   * Claims an in-progress delivery for a new attempt; later writes of earlier attempts then change
   * nothing. Undefined when the delivery is gone or no longer in progress.
   */
  claimAttempt(id: string, attempt: string): Promise<DeliveryRow | undefined> {
    return this.#db
      .updateTable('delivery')
      .set({ attempt, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('progress', '=', 'in-progress')
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks the handover of the attempt; false when a newer attempt has claimed the delivery. */
  async markHandedOver(id: string, attempt: string): Promise<boolean> {
    const { numUpdatedRows } = await this.#db
      .updateTable('delivery')
      .set({ handed_over_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .where('progress', '=', 'in-progress')
      .executeTakeFirstOrThrow();
    return numUpdatedRows > 0n;
  }

  /**
   * Records the link to the ZIP an attempt mails instead of attachments, with the documents it names
   * and the mail's text as sent; false when a newer attempt has claimed the delivery.
   */
  async recordDocumentsLink(
    id: string,
    attempt: string,
    link: {
      url: string;
      expiresAt: Date;
      documents: string[];
      mail: { subject: string; html: string; text: string };
    },
  ): Promise<boolean> {
    const { numUpdatedRows } = await this.#db
      .updateTable('delivery')
      .set({
        documents: link.documents,
        documents_link: link.url,
        documents_link_expires_at: link.expiresAt,
        subject: link.mail.subject,
        content: link.mail.html,
        text_content: link.mail.text,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .where('progress', '=', 'in-progress')
      .executeTakeFirstOrThrow();
    return numUpdatedRows > 0n;
  }

  /** The mail server took the message: the delivery is complete, whichever attempt says so. */
  async markSent(id: string, documents: string[]): Promise<void> {
    await this.#db
      .updateTable('delivery')
      .set({
        progress: 'completed',
        documents,
        error: null,
        handed_over_at: null,
        sent_at: sql<Date>`now()`,
        attempts: sql<number>`attempts + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /** An attempt failed without handing the message over (or the server refused it). */
  async recordFailedAttempt(id: string, attempt: string, error: string): Promise<void> {
    await this.#db
      .updateTable('delivery')
      .set({
        error,
        handed_over_at: null,
        attempts: sql<number>`attempts + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .where('progress', '=', 'in-progress')
      .execute();
  }

  /** Gives up on a delivery still in progress; keeps its last error unless told why. */
  async markFailed(id: string, error: { reason: string } | { fallback: string }): Promise<void> {
    await this.#db
      .updateTable('delivery')
      .set({
        progress: 'failed',
        error:
          'reason' in error
            ? sql<string>`${error.reason} || coalesce(${` ${deliveryFailureMessages.lastErrorBefore} `} || error, '')`
            : sql<string>`coalesce(error, ${error.fallback})`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('progress', '=', 'in-progress')
      .execute();
  }
}
