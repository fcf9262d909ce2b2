import type { Kysely } from 'kysely';
import {
  beforeExtensionSchema,
  licensesOfRefundedLines,
  orderUndoMessages as messages,
  type AuditChange,
  type OrderUndo,
  type ShopOrder,
  type ShopProductIds,
} from '@lizenzportal/domain';
import type { DB, LicenseRow, OrderGenerationRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { LicenseService } from '../licenses/index.ts';
import type { SessionOrders } from '../upgrade-sessions/index.ts';
import { refundStateOfRow } from './mapper.ts';
import type { OrderGenerationRepository } from './repository.ts';

type Changed = OrderUndo['changed'][number];
type NotUndone = OrderUndo['notUndone'][number];

/** An audit entry of the undo, written in its transaction by the caller's audit log and actor. */
export type UndoAudit = (
  transaction: Kysely<DB>,
  entry: { entity: 'license' | 'order-generation'; entityId: string; changes: AuditChange[] },
) => Promise<void>;

/**
 * „Bestellung rückabwickeln” (decision 066): the licenses an order made or changed go back to
 * what was paid for — made ones disabled (never deleted), an update's originals reactivated, an
 * extended license restored to its seats, DVDs and holder before the extension with its document
 * made anew. All in one transaction under the generation's lock; each change audited naming the
 * order and its refunds. A license already as the undo leaves it is skipped (undoing twice
 * changes nothing); one changed since in a way the undo cannot tell apart is left and reported.
 */
export class OrderUndoer {
  readonly #repository: OrderGenerationRepository;
  readonly #licenses: LicenseService;
  readonly #sessions: SessionOrders;
  readonly #queue: JobQueue;
  readonly #productIds: ShopProductIds;

  constructor(deps: {
    repository: OrderGenerationRepository;
    licenses: LicenseService;
    sessions: SessionOrders;
    queue: JobQueue;
    /** The shop's product ids of the portal's products: which order lines the refunded ones were. */
    productIds: ShopProductIds;
  }) {
    this.#repository = deps.repository;
    this.#licenses = deps.licenses;
    this.#sessions = deps.sessions;
    this.#queue = deps.queue;
    this.#productIds = deps.productIds;
  }

  async undo(
    id: string,
    chosen: readonly string[] | undefined,
    audit: UndoAudit,
    transaction: Kysely<DB>,
  ): Promise<Omit<OrderUndo, 'orderGeneration' | 'dryRun'>> {
    const generation = await this.#repository.lock(id, transaction);
    if (!generation) throw new AppError('NOT_FOUND');
    if (generation.progress !== 'completed') throw new AppError('ORDER_GENERATION_NOT_COMPLETED');
    if (chosen?.some((license) => !generation.licenses.includes(license))) {
      throw new AppError('VALIDATION_FAILED', messages.notOfOrder, { field: 'licenses' });
    }
    const picked = (license: string) => chosen === undefined || chosen.includes(license);
    const reason = withdrawnBecause(generation);
    const changed: Changed[] = [];
    const notUndone: NotUndone[] = [];
    const context = { generation, reason, audit, transaction, changed, notUndone };
    const [first, ...rest] = generation.licenses;
    switch (generation.purchase_type) {
      case 'upgrade':
        if (first && picked(first)) await this.#disable(first, context);
        for (const original of rest) if (picked(original)) await this.#reactivate(original, first!, context);
        break;
      case 'extension':
        if (first && picked(first)) await this.#restoreExtension(first, context);
        break;
      default:
        for (const license of generation.licenses) if (picked(license)) await this.#disable(license, context);
    }
    if (generation.withdrawal !== 'undone') {
      await this.#repository.setWithdrawal(id, 'undone', transaction);
      await audit(transaction, {
        entity: 'order-generation',
        entityId: id,
        changes: [
          { field: 'withdrawal', before: generation.withdrawal, after: 'undone' },
          { field: 'refunds', before: null, after: reason },
        ],
      });
    }
    return { changed, notUndone, refundedLicenses: await this.#refundedLicenses(generation, transaction) };
  }

  /** The order's licenses that correspond to the lines its refunds returned (as far as the shop said them). */
  async #refundedLicenses(generation: OrderGenerationRow, transaction: Kysely<DB>): Promise<string[]> {
    const lines = refundStateOfRow(generation).refunds.flatMap((refund) => refund.lines ?? []);
    if (lines.length === 0) return [];
    const licenses = await this.#licenses.productsOf(generation.licenses, transaction);
    const ordered = generation.licenses.map((id) => ({
      id,
      productSku: licenses.find((license) => license.id === id)?.product_sku ?? null,
    }));
    return licensesOfRefundedLines({
      purchaseType: generation.purchase_type,
      licenses: ordered,
      orderLines: (generation.shop_order as ShopOrder | null)?.lines ?? [],
      productIds: this.#productIds,
      refundLines: lines,
    });
  }

  async #license(id: string, context: Context): Promise<LicenseRow | undefined> {
    const license = await this.#licenses.findForUpdate(id, context.transaction);
    if (!license) context.notUndone.push({ license: id, key: '–', reason: messages.missing(id) });
    return license;
  }

  /** A license the order made: disabled, naming the order (its holder is told at sign-in). */
  async #disable(id: string, context: Context): Promise<void> {
    const license = await this.#license(id, context);
    if (!license || license.status === 'disabled') return;
    const order = context.generation.order_number;
    await this.#licenses.withdraw(id, order, context.transaction);
    await context.audit(context.transaction, {
      entity: 'license',
      entityId: id,
      changes: [
        { field: 'status', before: license.status, after: 'disabled' },
        { field: 'withdrawnOrder', before: license.withdrawn_order, after: order },
        { field: 'refunds', before: null, after: context.reason },
      ],
    });
    context.changed.push({ license: id, key: license.key, action: 'disabled' });
  }

  /** An original an update disabled: active again as it was (bound when it has a holder), no successor. */
  async #reactivate(id: string, successor: string, context: Context): Promise<void> {
    const license = await this.#license(id, context);
    if (!license) return;
    if (license.status !== 'disabled' && license.updated_to_license === null) return; // undone before
    if (license.status !== 'disabled' || license.updated_to_license !== successor) {
      context.notUndone.push({
        license: id,
        key: license.key,
        reason: messages.originalMovedOn(license.key),
      });
      return;
    }
    const status = license.holder_type ? 'bound' : 'unbound';
    await this.#licenses.reactivate(id, status, context.transaction);
    await context.audit(context.transaction, {
      entity: 'license',
      entityId: id,
      changes: [
        { field: 'status', before: 'disabled', after: status },
        { field: 'updatedToLicense', before: successor, after: null },
        { field: 'refunds', before: null, after: context.reason },
      ],
    });
    context.changed.push({ license: id, key: license.key, action: 'reactivated' });
  }

  /**
   * An extended license: back to its seats, DVDs, holder and binding before the extension, its
   * current document made anew. Only when it is exactly as the extension left it.
   */
  async #restoreExtension(id: string, context: Context): Promise<void> {
    const license = await this.#license(id, context);
    if (!license) return;
    const session = context.generation.upgrade_session
      ? await this.#sessions.find(context.generation.upgrade_session, context.transaction)
      : undefined;
    const before = beforeExtensionSchema.nullable().safeParse(session?.before_extension ?? null);
    const extended = session?.properties as { size: number; dvdCount: number } | null | undefined;
    if (!before.success || !before.data || !extended) {
      context.notUndone.push({
        license: id,
        key: license.key,
        reason: messages.extensionUnknown(license.key),
      });
      return;
    }
    const previous = before.data;
    const dvdsBefore = previous.properties.dvdCount ?? 0;
    if (license.size === previous.properties.size && (license.dvd_count ?? 0) === dvdsBefore) return; // undone before
    if (license.size !== extended.size || (license.dvd_count ?? 0) !== dvdsBefore + extended.dvdCount) {
      context.notUndone.push({
        license: id,
        key: license.key,
        reason: messages.extensionChanged(license.key),
      });
      return;
    }
    const holder = previous.holder;
    const status = license.status === 'disabled' ? 'disabled' : holder ? 'bound' : 'unbound';
    const restored = {
      size: previous.properties.size,
      dvd_count: previous.properties.dvdCount,
      holder_type: holder?.holderType ?? null,
      holder_name: holder?.name ?? null,
      holder_email: holder?.email ?? null,
      holder_contact: holder?.contact ?? null,
      // Bound by the extension: unbound again, its start code signs in as before.
      authentication_code: holder ? holder.name : license.start_code,
      bound_at: holder ? license.bound_at : null,
      status,
      ...(status === 'bound'
        ? { license_document: null }
        : { starter_document: null, license_document: null }),
    } as const;
    await this.#licenses.restoreBeforeExtension(id, restored, context.transaction);
    if (status !== 'disabled') {
      await this.#queue.send(
        JOBS.generateDocument,
        { licenseId: id, kind: status === 'bound' ? 'license' : 'starter' },
        { transaction: context.transaction },
      );
    }
    await context.audit(context.transaction, {
      entity: 'license',
      entityId: id,
      changes: [
        { field: 'properties.size', before: license.size, after: restored.size },
        { field: 'properties.dvdCount', before: license.dvd_count, after: restored.dvd_count },
        ...(license.status === status ? [] : [{ field: 'status', before: license.status, after: status }]),
        ...(license.holder_name === restored.holder_name
          ? []
          : [{ field: 'holder.name', before: license.holder_name, after: restored.holder_name }]),
        { field: 'refunds', before: null, after: context.reason },
      ],
    });
    context.changed.push({ license: id, key: license.key, action: 'restored' });
  }
}

interface Context {
  generation: OrderGenerationRow;
  /** „Bestellung 8100, Erstattung 8191”: what the audit entries name. */
  reason: string;
  audit: UndoAudit;
  transaction: Kysely<DB>;
  changed: Changed[];
  notUndone: NotUndone[];
}

/** The order and its refunds (or its withdrawal in the shop), as the audit entries name them. */
function withdrawnBecause(generation: OrderGenerationRow): string {
  const state = refundStateOfRow(generation);
  const refunds = state.refunds.map((refund) => refund.id).join(', ');
  const parts = [`Bestellung ${generation.order_number}`];
  if (refunds) parts.push(`Erstattung ${refunds}`);
  if (state.withdrawnStatus) parts.push(`im Shop ${state.withdrawnStatus}`);
  return parts.join(', ');
}
