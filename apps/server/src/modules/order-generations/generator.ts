import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { orderGenerationErrors, type ShopOrder, type ShopProductIds } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import type { DeliveryService } from '../deliveries/service.ts';
import type { LicenseService } from '../licenses/service.ts';
import { OrderProblem, planGeneration, type GenerationPlan } from './plan.ts';
import type { OrderGenerationRepository } from './repository.ts';

export const GENERATE_ORDER = 'generate-order';
export const ORDER_GENERATION_FAILED = 'order-generation-failed';

export interface GenerateOrderJob {
  orderGenerationId: string;
}

/**
 * Turns a paid shop order into what was bought (DESIGN §5): licenses, their documents and the
 * mail, and the generation's progress — all in one transaction, so a job that runs twice, dies
 * half-way or is retried after a failure creates everything exactly once.
 */
export class OrderGenerator {
  readonly #db: Kysely<DB>;
  readonly #repository: OrderGenerationRepository;
  readonly #licenses: Pick<LicenseService, 'create'>;
  readonly #deliveries: Pick<DeliveryService, 'create'>;
  readonly #productIds: ShopProductIds;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<DB>;
    repository: OrderGenerationRepository;
    licenses: Pick<LicenseService, 'create'>;
    deliveries: Pick<DeliveryService, 'create'>;
    productIds: ShopProductIds;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#repository = deps.repository;
    this.#licenses = deps.licenses;
    this.#deliveries = deps.deliveries;
    this.#productIds = deps.productIds;
    this.#log = deps.log;
  }

  /**
   * The job. A generation no longer in progress (done by an earlier run) is left alone; an order
   * that does not fit fails the generation at once with its reason. Any other error rolls back
   * everything and is thrown: the job is retried.
   */
  async run(orderGenerationId: string): Promise<void> {
    try {
      await this.#db.transaction().execute((transaction) => this.#generate(orderGenerationId, transaction));
    } catch (error) {
      if (!(error instanceof OrderProblem)) throw error;
      await this.#repository.fail(orderGenerationId, error.message);
      this.#log.warn({ orderGenerationId, reason: error.message }, 'order generation failed');
    }
  }

  /** After the last retry: the generation failed for a technical reason, kept for the admin. */
  async giveUp(orderGenerationId: string, attempts: number, lastError: string): Promise<void> {
    await this.#repository.fail(orderGenerationId, orderGenerationErrors.technical(attempts, lastError));
    this.#log.warn({ orderGenerationId }, 'order generation failed after its last attempt');
  }

  async #generate(id: string, transaction: Kysely<DB>): Promise<void> {
    const generation = await this.#repository.lock(id, transaction);
    if (generation?.progress !== 'in-progress') return;
    const order = generation.shop_order as ShopOrder;
    const plan = planGeneration(order, this.#productIds, null);
    const licenseIds = await this.#carryOut(plan, order, id, transaction);
    await this.#repository.complete(id, licenseIds, transaction);
  }

  async #carryOut(
    plan: GenerationPlan,
    order: ShopOrder,
    orderGenerationId: string,
    transaction: Kysely<DB>,
  ): Promise<string[]> {
    if (plan.purchaseType !== 'new' && plan.purchaseType !== 'reseller') {
      throw new Error(`purchase type ${plan.purchaseType} is not generated yet`);
    }
    const licenseIds: string[] = [];
    for (const licenses of plan.create) {
      const created = await this.#licenses.create(
        {
          version: '9',
          properties: {
            class: licenses.class,
            type: licenses.type,
            size: licenses.size,
            delivery: 'download',
            dvdCount: licenses.dvdCount,
          },
          specialPermissions: [],
          notes: licenses.notes,
          generateStarterDocument: true,
          count: licenses.count,
        },
        { typeOfEntry: 'order', entryReference: order.number, productSku: licenses.productSku },
        transaction,
      );
      licenseIds.push(...created.map((license) => license._id));
    }
    await this.#deliveries.create(
      {
        occasion: 'order',
        documentType: 'starter',
        licenseIds,
        recipient: order.billing.email!,
        recipientName: order.billing.name || null,
        orderGeneration: orderGenerationId,
      },
      transaction,
    );
    return licenseIds;
  }
}
