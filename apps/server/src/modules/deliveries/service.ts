import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  deliveryFailureMessages,
  DELIVERY_LINK_DAYS,
  deliveryLinkMessages,
  manualDeliveryMessages,
  UNRENDERABLE_OCCASIONS,
  type Delivery,
  type DeliveryOccasion,
  type DocumentType,
  type ManualDelivery,
} from '@lizenzportal/domain';
import type { DB, DeliveryRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { datedFileName } from '../../lib/dated-file-name.ts';
import { FileUrlSigner, type SignedFileQuery } from '../../lib/signed-urls.ts';
import type { ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { DocumentService } from '../documents/index.ts';
import type { LicenseService } from '../licenses/index.ts';
import { HandoverInDoubtError, type Mailer, type OutgoingMail } from './mailer.ts';
import { toDelivery } from './mapper.ts';
import { DeliveryRepository } from './repository.ts';
import { renderDeliveryMail, type ContactMailFacts, type RenderedMail } from './templates.ts';

/** Recovery mails per address and hour; more requests are answered the same but not sent. */
const RECOVERIES_PER_HOUR = 3;

/** What a delivery's mail says of its documents, and the documents it attaches (any kind). */
export type DeliveryDocuments = Pick<DocumentService, 'mailFacts' | 'attachments' | 'archive'>;

/** The file route of a delivery's ZIP link, below the API prefix (decision 070). */
export const DELIVERY_DOCUMENTS_ROUTE = '/delivery-documents';

/**
 * Mails too large for mail servers: above `attachmentLimitBytes`, a delivery mails a link to a ZIP
 * of its documents, signed by `signer` (valid DELIVERY_LINK_DAYS), instead of attaching them.
 */
export interface DocumentsLinks {
  signer: FileUrlSigner;
  attachmentLimitBytes: number;
}

/** The documents links of a portal: signed with a key derived from its JWT secret, for its address. */
export function documentsLinks(options: {
  secret: string;
  publicUrl: string;
  attachmentLimitBytes: number;
}): DocumentsLinks {
  return {
    signer: new FileUrlSigner({
      secret: options.secret,
      publicUrl: options.publicUrl,
      route: DELIVERY_DOCUMENTS_ROUTE,
      lifetimeSeconds: DELIVERY_LINK_DAYS * 86_400,
    }),
    attachmentLimitBytes: options.attachmentLimitBytes,
  };
}

/** What an attachment adds to a message: base64, 76 characters and a line break per 57 bytes. */
function encodedSize(bytes: number): number {
  return Math.ceil(bytes / 57) * 78;
}

export interface NewDelivery {
  occasion: DeliveryOccasion;
  /** Null for a mail that sends no document (a contact change's). */
  documentType: DocumentType | null;
  licenseIds: string[];
  recipient: string;
  recipientName: string | null;
  note?: string | null;
  orderGeneration?: string | null;
  /** The session whose offer is sent (document type `offer`, no licenses). */
  upgradeSession?: string | null;
  resentFrom?: string | null;
  /** What a contact change's mail says (occasions `contact-confirmation`, `contact-changed`). */
  contactChange?: ContactMailFacts;
}

/** Whether an order generation exists (the order-generations module, which sits above this one). */
export interface OrderGenerationsKnown {
  exists(id: string): Promise<boolean>;
}

export interface DeliverySettings {
  portalUrl: string;
  supportEmail: string;
  vendorName: string;
  /** Where offers are ordered: the shop's page of the assistant. */
  shopUrl: string;
}

/**
 * E-mail deliveries of documents: a record per message, sent by a job. A mail server outage
 * loses nothing: the job is retried with back-off and the delivery fails only after the last try.
 */
export class DeliveryService {
  readonly #db: Kysely<DB>;
  readonly #repository: DeliveryRepository;
  readonly #licenses: LicenseService;
  readonly #orderGenerations: OrderGenerationsKnown;
  readonly #queue: JobQueue;
  readonly #documents: DeliveryDocuments;
  readonly #mailer: Mailer;
  readonly #settings: DeliverySettings;
  readonly #links: DocumentsLinks;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<DB>;
    licenses: LicenseService;
    orderGenerations: OrderGenerationsKnown;
    queue: JobQueue;
    documents: DeliveryDocuments;
    mailer: Mailer;
    settings: DeliverySettings;
    links: DocumentsLinks;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#repository = new DeliveryRepository(deps.db);
    this.#licenses = deps.licenses;
    this.#orderGenerations = deps.orderGenerations;
    this.#queue = deps.queue;
    this.#documents = deps.documents;
    this.#mailer = deps.mailer;
    this.#settings = deps.settings;
    this.#links = deps.links;
    this.#log = deps.log;
  }

  /**
   * Records a delivery and enqueues its sending, in one transaction. Pass the caller's transaction
   * so that the delivery exists exactly when the business change that caused it does.
   */
  create(input: NewDelivery, db: Kysely<DB> = this.#db): Promise<Delivery> {
    return inTransaction(db, (transaction) => this.#create(input, transaction));
  }

  async #create(input: NewDelivery, transaction: Kysely<DB>): Promise<Delivery> {
    const mail = await this.#render(input, transaction);
    const row = await this.#repository.insert(
      {
        document_type: input.documentType,
        occasion: input.occasion,
        order_generation: input.orderGeneration ?? null,
        upgrade_session: input.upgradeSession ?? null,
        recipient: input.recipient,
        recipient_name: input.recipientName,
        licenses: input.licenseIds,
        note: input.note ?? null,
        subject: mail.subject,
        content: mail.html,
        text_content: mail.text,
        error: null,
        resent_from: input.resentFrom ?? null,
        sent_at: null,
      },
      transaction,
    );
    await this.#queue.send(JOBS.sendDelivery, { deliveryId: row.id }, { transaction });
    return toDelivery(row);
  }

  /** The mail of a delivery, read from the records it names (in `db`), with attachments or a link. */
  async #render(
    input: Omit<NewDelivery, 'licenseIds'> & { licenseIds: readonly string[] },
    db: Kysely<DB>,
    documentsLink: { url: string; expiresAt: Date } | null = null,
  ): Promise<RenderedMail> {
    const records = { licenses: [...input.licenseIds], upgradeSession: input.upgradeSession ?? null };
    const facts = input.documentType
      ? await this.#documents.mailFacts(input.documentType, records, this.#settings, db)
      : { licenses: [], offer: null };
    return renderDeliveryMail({
      ...facts,
      contactChange: input.contactChange ?? null,
      occasion: input.occasion,
      documentType: input.documentType,
      recipientName: input.recipientName,
      note: input.note ?? null,
      documentsLink,
      ...this.#settings,
    });
  }

  /** Mails a license's document to the holder it was just bound to, in the binding's transaction. */
  mailBound(
    licenseId: string,
    holder: { email: string; name: string },
    transaction: Kysely<DB>,
  ): Promise<Delivery> {
    return this.create(
      {
        occasion: 'bind',
        documentType: 'license',
        licenseIds: [licenseId],
        recipient: holder.email,
        recipientName: holder.name,
      },
      transaction,
    );
  }

  /** Mails a session's offer to the address it was asked for, in the transaction that makes the offer. */
  mailOffer(sessionId: string, recipient: string, transaction: Kysely<DB>): Promise<Delivery> {
    return this.create(
      {
        occasion: 'offer',
        documentType: 'offer',
        licenseIds: [],
        upgradeSession: sessionId,
        recipient,
        // Whoever asks for an offer types the billing name: the mail neither greets with it nor
        // writes it into the recipient's header (the offer's PDF has the billing address).
        recipientName: null,
      },
      transaction,
    );
  }

  /**
   * The job: attach the documents (generating missing ones) and send. Idempotent, and never sends
   * twice: each attempt claims the delivery, and marks the moment it hands the message to the mail
   * server. An attempt that finds that mark of an earlier one, which died before the server
   * answered, fails the delivery instead of sending again (visibly, to be checked or resent). A
   * document that cannot exist (the license changed meanwhile) fails the delivery at once.
   */
  async send(deliveryId: string): Promise<void> {
    const attempt = crypto.randomUUID();
    const delivery = await this.#repository.claimAttempt(deliveryId, attempt);
    if (!delivery) return;
    if (delivery.handed_over_at) {
      await this.#repository.markFailed(delivery.id, { reason: deliveryFailureMessages.handoverInDoubt });
      this.#log.warn({ deliveryId }, 'delivery handed over by an attempt that died: not sent again');
      return;
    }
    try {
      const documents: string[] = [];
      let attachments: OutgoingMail['attachments'] = [];
      // A reseller order's delivery attaches all its licenses' documents, in the licenses' order —
      // unless together they pass the limit: then none is held, and the mail links to their ZIP.
      let size = Buffer.byteLength(delivery.content) + Buffer.byteLength(delivery.text_content);
      let tooLarge = false;
      const current = delivery.document_type
        ? this.#documents.attachments(delivery.document_type, {
            licenses: delivery.licenses,
            upgradeSession: delivery.upgrade_session,
          })
        : [];
      for await (const document of current) {
        documents.push(document.key);
        size += encodedSize(document.bytes.byteLength);
        if (!tooLarge && size > this.#links.attachmentLimitBytes) {
          tooLarge = true;
          attachments = [];
        }
        if (tooLarge) continue;
        attachments.push({
          filename: document.fileName,
          content: document.bytes,
          contentType: 'application/pdf',
        });
      }
      const mail: RenderedMail = tooLarge
        ? await this.#linkInstead(delivery, attempt, documents)
        : { subject: delivery.subject, html: delivery.content, text: delivery.text_content };
      await this.#mailer.send(
        {
          id: delivery.id,
          to: { address: delivery.recipient, name: delivery.recipient_name },
          ...mail,
          attachments,
        },
        {
          beforeHandover: async () => {
            if (!(await this.#repository.markHandedOver(delivery.id, attempt))) {
              throw new Error('a newer attempt has taken over the delivery');
            }
          },
        },
      );
      await this.#repository.markSent(delivery.id, documents);
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof HandoverInDoubtError) {
        await this.#repository.markFailed(delivery.id, { reason: deliveryFailureMessages.handoverInDoubt });
        this.#log.warn({ deliveryId, err: error }, 'delivery handover interrupted: not sent again');
        return;
      }
      await this.#repository.recordFailedAttempt(delivery.id, attempt, message);
      if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
        await this.#repository.markFailed(delivery.id, { fallback: message });
        return;
      }
      throw error;
    }
  }

  /**
   * The mail of a delivery too large to attach its documents: one signed link to their ZIP, valid
   * DELIVERY_LINK_DAYS. The link, the documents it names and the mail's text are recorded before
   * the mail is handed over, so the link works once it arrives and the back office shows it.
   */
  async #linkInstead(delivery: DeliveryRow, attempt: string, documents: string[]): Promise<RenderedMail> {
    const link = this.#links.signer.signed({
      key: delivery.id,
      name: datedFileName(`${deliveryLinkMessages.fileName}.zip`, new Date()),
    });
    const mail = await this.#render(
      {
        occasion: delivery.occasion,
        documentType: delivery.document_type,
        licenseIds: delivery.licenses,
        recipient: delivery.recipient,
        recipientName: delivery.recipient_name,
        note: delivery.note,
        upgradeSession: delivery.upgrade_session,
      },
      this.#db,
      link,
    );
    if (!(await this.#repository.recordDocumentsLink(delivery.id, attempt, { ...link, documents, mail }))) {
      throw new Error('a newer attempt has taken over the delivery');
    }
    return mail;
  }

  /**
   * The ZIP behind a delivery's link: 403 for a forged or expired link (in German), 404 when the
   * delivery or one of its documents is gone; streamed, a few documents read ahead.
   */
  async documentsArchive(query: SignedFileQuery): Promise<{ stream: Readable; fileName: string }> {
    const verdict = this.#links.signer.verify(query);
    if (verdict === 'expired') throw new AppError('FORBIDDEN', deliveryLinkMessages.expired);
    if (verdict === 'invalid') throw new AppError('FORBIDDEN', deliveryLinkMessages.invalid);
    const delivery = await this.#repository.findById(query.key);
    if (!delivery || delivery.documents.length === 0) throw notFound('delivery');
    return {
      stream: await this.#documents.archive(delivery.documents, delivery.sent_at ?? delivery.updated_at),
      fileName: query.name,
    };
  }

  /**
   * After the last retry: the delivery has failed. When that attempt died (its process was killed,
   * or it hung), the error says so, followed by the last error an attempt reported.
   */
  async giveUp(deliveryId: string, diedOnLastAttempt: boolean): Promise<void> {
    await this.#repository.markFailed(
      deliveryId,
      diedOnLastAttempt
        ? { reason: deliveryFailureMessages.lastAttemptDied }
        : { fallback: deliveryFailureMessages.aborted },
    );
    this.#log.warn({ deliveryId }, 'delivery failed after its last attempt');
  }

  /**
   * Sends the same documents once more, as a new delivery that refers to the original;
   * `commitWith` runs in the transaction that records it (the back office's audit trail).
   */
  async resend(
    id: string,
    commitWith?: (transaction: Kysely<DB>, delivery: Delivery) => Promise<void>,
  ): Promise<Delivery> {
    const original = await this.#repository.findById(id);
    if (!original) throw notFound('delivery');
    if (UNRENDERABLE_OCCASIONS.includes(original.occasion)) {
      throw new AppError('CONFLICT', manualDeliveryMessages.notResent);
    }
    return this.#db.transaction().execute(async (transaction) => {
      const delivery = await this.#create(
        {
          occasion: original.occasion,
          documentType: original.document_type,
          licenseIds: original.licenses,
          recipient: original.recipient,
          recipientName: original.recipient_name,
          note: original.note,
          orderGeneration: original.order_generation,
          upgradeSession: original.upgrade_session,
          resentFrom: original.id,
        },
        transaction,
      );
      await commitWith?.(transaction, delivery);
      return delivery;
    });
  }

  /** An admin sends a license's document by hand (to the holder unless told otherwise). */
  async sendManually(licenseId: string, request: ManualDelivery): Promise<Delivery> {
    const license = await this.#licenses.findById(licenseId);
    if (!license) throw notFound('license');
    const recipient = request.recipient ?? license.holder_email;
    if (!recipient) {
      throw new AppError('VALIDATION_FAILED', manualDeliveryMessages.noRecipient);
    }
    if (request.documentType === 'license' && license.status !== 'bound') {
      throw new AppError('CONFLICT', manualDeliveryMessages.licenseDocumentNeedsBinding);
    }
    if (request.documentType === 'starter' && license.status === 'bound' && !license.starter_document) {
      throw new AppError('CONFLICT', manualDeliveryMessages.noStarterDocumentWhenBound);
    }
    return this.create({
      occasion: 'manual',
      documentType: request.documentType,
      licenseIds: [licenseId],
      recipient,
      recipientName: request.recipientName ?? license.holder_name,
      note: request.note ?? null,
    });
  }

  /**
   * Accepts a recovery request: the answer is the same whether licenses exist for the address or
   * not, and takes the same time, because the lookup happens in a job.
   */
  async requestRecovery(email: string): Promise<void> {
    await this.#queue.send(JOBS.recoverLicenses, { email });
  }

  /**
   * The job: sends the license documents of every bound license of the address, at most three
   * such mails per address and hour (requests for one address are counted one at a time).
   */
  async recover(email: string): Promise<void> {
    await inTransaction(this.#db, async (transaction) => {
      await this.#repository.lockRecipient(email, transaction);
      if ((await this.#repository.recentRecoveries(email, transaction)) >= RECOVERIES_PER_HOUR) {
        this.#log.warn({ recipientDomain: email.split('@')[1] }, 'recovery limit reached, request ignored');
        return;
      }
      const licenses = await this.#licenses.boundToEmail(email, transaction);
      if (licenses.length === 0) return;
      await this.#create(
        {
          occasion: 'recovery',
          documentType: 'license',
          licenseIds: licenses.map((license) => license.id),
          recipient: licenses[0]!.holder_email!,
          recipientName: licenses[0]!.holder_name,
        },
        transaction,
      );
    });
  }

  async get(id: string): Promise<Delivery> {
    const row = await this.#repository.findById(id);
    if (!row) throw notFound('delivery');
    return toDelivery(row);
  }

  async list(request: ListRequest): Promise<ListPage<Delivery>> {
    const page = await this.#repository.list(request);
    return { ...page, rows: page.rows.map(toDelivery) };
  }

  async forOrderGeneration(orderGenerationId: string): Promise<Delivery[]> {
    if (!(await this.#orderGenerations.exists(orderGenerationId))) {
      throw notFound('orderGeneration');
    }
    return (await this.#repository.forOrderGeneration(orderGenerationId)).map(toDelivery);
  }

  async forLicense(licenseId: string): Promise<Delivery[]> {
    if (!(await this.#licenses.exists(licenseId))) throw notFound('license');
    return (await this.#repository.forLicense(licenseId)).map(toDelivery);
  }
}
