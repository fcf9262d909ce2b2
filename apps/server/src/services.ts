import {
  defineLicenseImportQueue,
  LicenseImportService,
  LicenseImportUploads,
  workLicenseImports,
} from './modules/license-import/index.ts';
import { Readiness } from './modules/health/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { JobQueue } from './jobs/queue.ts';
import { createFileStorage } from './lib/storage/create-file-storage.ts';
import type { FileStorage } from './lib/storage/file-storage.ts';
import { AuditLog } from './modules/audit/index.ts';
import {
  AdminAccounts,
  AuthService,
  createGuards,
  SignInThrottle,
  type ThrottleScope,
  TokenService,
} from './modules/auth/index.ts';
import type { Guards } from './http/guards.ts';
import {
  createMailer,
  defineDeliveryQueues,
  DELIVERY_LIST_ENTITY,
  DeliveryService,
  documentsLinks,
  type Mailer,
  workDeliveries,
} from './modules/deliveries/index.ts';
import {
  createDocumentModule,
  defineDocumentQueues,
  type DocumentModule,
  workDocuments,
} from './modules/documents/index.ts';
import { LICENSE_LIST_ENTITY, LicenseBinding, LicenseService } from './modules/licenses/index.ts';
import {
  DOWNLOAD_FILE_ROUTE,
  DOWNLOAD_LINK_SECONDS,
  DOWNLOAD_LIST_ENTITY,
  DownloadService,
  ProductReleases,
} from './modules/downloads/index.ts';
import { FileUrlSigner } from './lib/signed-urls.ts';
import {
  defineOrderGenerationQueues,
  ORDER_GENERATION_LIST_ENTITY,
  OrderGenerationService,
  type OrderGenerator,
  workOrderGenerations,
} from './modules/order-generations/index.ts';
import {
  defineUpgradeSessionQueues,
  OFFER_CODE_POLICY,
  MailBudgets,
  UPGRADE_SESSION_LIST_ENTITY,
  SessionOrders,
  UpgradeSessionService,
  UpgradeSessionTokens,
  workUpgradeSessions,
} from './modules/upgrade-sessions/index.ts';
import {
  defineReconciliationQueue,
  defineRefundLineQueues,
  reconciliationStatus,
  RefundLineFetcher,
  ShopOrderIntake,
  ShopReconciliation,
  WooCommerceClient,
  workReconciliation,
  workRefundLines,
} from './modules/shop/index.ts';
import { keptSecret } from './lib/kept-secret.ts';
import { ClientPseudonyms } from './lib/client-pseudonyms.ts';
import { CartTokens, cartSigningSecret } from './lib/cart-tokens.ts';
import { OverviewService, OverviewTally } from './modules/overview/index.ts';
import { PortalMetrics } from './modules/metrics/index.ts';
import {
  defineRetentionQueue,
  readRetentionFigures,
  Retention,
  workRetention,
  PersonalData,
} from './modules/privacy/index.ts';
import { ContactChanges, ContactChangeTokens } from './modules/contact-changes/index.ts';

/** Everything the routes and the job worker use, built once per process. */
export interface Services {
  config: Config;
  database: Database;
  queue: JobQueue;
  storage: FileStorage;
  mailer: Mailer;
  guards: Guards;
  /** The back office's audit trail of admin changes. */
  audit: AuditLog;
  admins: AdminAccounts;
  auth: AuthService;
  licenses: LicenseService;
  /** The import of existing licenses from a file (decision 061). */
  licenseImports: LicenseImportService;
  /** „Lizenzen importieren” in the back office: uploads and their runs as jobs. */
  licenseImportUploads: LicenseImportUploads;
  binding: LicenseBinding;
  /** A bound holder's change of contact person and e-mail, confirmed by a link (issue 40). */
  contactChanges: ContactChanges;
  documents: DocumentModule;
  deliveries: DeliveryService;
  orderGenerations: OrderGenerationService;
  upgradeSessions: UpgradeSessionService;
  orderGenerator: OrderGenerator;
  shop: {
    intake: ShopOrderIntake;
    webhookSecret: string;
    /** Signs the carts handed to the shop and verifies them in paid orders (decision 065). */
    cartTokens: CartTokens;
    /** Present when the shop's REST credentials are configured. */
    reconciliation: ShopReconciliation | null;
    /** Asks the shop which lines a refund returned (says so on the generation without REST credentials). */
    refundLines: RefundLineFetcher;
    /** The reconciliation's state and the orders left to the shop (decision 030). */
    records: ShopOrderIntake['records'];
    /** When this process started: a reconciliation that never ran since is overdue after a while. */
    startedAt: Date;
  };
  /** Whether this process should get traffic (database, migrations, storage; not while shutting down). */
  readiness: Readiness;
  /** Product releases (what the download area hands out) and the download log. */
  releases: ProductReleases;
  downloads: DownloadService;
  /** The back office's first page: what needs attention, and the figures. */
  overview: OverviewService;
  /** The Prometheus figures (`/metrics`, decision 037). */
  metrics: PortalMetrics;
  /** Removes personal data past their retention, daily (decision 064). */
  retention: Retention;
  /** A person's data on request: the Auskunft and its erasure (decision 064). */
  personalData: PersonalData;
  /** Works the retention job and keeps its next daily run queued (where jobs are worked). */
  startRetention(log: FastifyBaseLogger): Promise<void>;
  /** Works the import runs and sweeps abandoned uploads hourly (where jobs are worked). */
  startLicenseImports(log: FastifyBaseLogger): Promise<void>;
  /** Stops the job queue and the render threads and closes the mail transport (not the database: its opener closes it). */
  close(): Promise<void>;
}

export interface ServiceOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  log: Logger;
  /** Runs the job queue's maintenance (retrying jobs of dead workers); on where jobs are worked. */
  maintenance: boolean;
}

export async function createServices({
  config,
  database,
  jwtSecret,
  log,
  maintenance,
}: ServiceOptions): Promise<Services> {
  const { db } = database;
  const queue = await JobQueue.start(database, log, { maintenance, ...config.jobQueue });
  await defineDocumentQueues(queue);
  await defineDeliveryQueues(queue, config.mailRetry);
  await defineOrderGenerationQueues(queue, config.shop.orderRetryLimit);
  await defineReconciliationQueue(queue);
  await defineRefundLineQueues(queue);
  await defineUpgradeSessionQueues(queue);
  await defineRetentionQueue(queue);
  await defineLicenseImportQueue(queue);

  const metrics = new PortalMetrics({
    db,
    attention: () => overview.attention(),
    shopReconciliation: async () =>
      reconciliationStatus(await shop.records.reconciliation(), {
        configured: shop.reconciliation !== null,
        startedAt: shop.startedAt,
        now: new Date(),
      }),
    retention: () => readRetentionFigures(db, config.retention),
  });
  const onRefusal = (scope: ThrottleScope) => metrics.throttleRefused(scope);
  const pseudonyms = new ClientPseudonyms(jwtSecret);
  const tokens = new TokenService(jwtSecret, config.sessionSeconds);
  const audit = new AuditLog(db);
  const licenses = new LicenseService(db, queue, audit);
  const admins = new AdminAccounts(db);
  const auth = new AuthService({
    db,
    licenses,
    tokens,
    throttle: new SignInThrottle(db, { pseudonyms, onRefusal }),
  });
  const sessionOrders = new SessionOrders(db);
  const orderGenerations = new OrderGenerationService({
    licenses,
    db,
    queue,
    undo: { sessions: sessionOrders, productIds: config.shop.productIds },
  });
  const storage = createFileStorage(config);
  const documents = createDocumentModule({ config, db, storage, jwtSecret });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: config.mail.outboxDir,
  });
  const deliveries = new DeliveryService({
    db,
    licenses,
    orderGenerations,
    queue,
    documents: documents.documents,
    mailer,
    settings: {
      portalUrl: config.publicUrl,
      supportEmail: config.mail.supportEmail,
      vendorName: config.vendor.name,
      shopUrl: config.shop.url,
    },
    links: documentsLinks({
      secret: jwtSecret,
      publicUrl: config.publicUrl,
      attachmentLimitBytes: config.deliveryAttachmentLimitBytes,
    }),
    log,
  });
  // Offers and contact changes mail addresses a visitor typed: one set of budgets for both.
  const mailBudgets = new MailBudgets();
  const upgradeSessions = new UpgradeSessionService({
    db,
    licenses,
    signInTokens: tokens,
    tokens: new UpgradeSessionTokens(jwtSecret),
    shopProductIds: config.shop.productIds,
    deliveries,
    queue,
    offerCodeThrottle: new SignInThrottle(db, { pseudonyms, policy: OFFER_CODE_POLICY, onRefusal }),
    mailBudgets,
  });
  const cartTokens = new CartTokens({
    current: cartSigningSecret(config.dataDir, config.shop.cartSigningKey),
    previous: config.shop.previousCartSigningKey,
    issuer: config.publicUrl,
    audience: config.shop.origin,
  });
  const orderGenerator = orderGenerations.generator({
    sessions: sessionOrders,
    tokens: upgradeSessions.tokens,
    licenses,
    deliveries,
    queue,
    productIds: config.shop.productIds,
    cartTokens,
    log,
  });
  const intake = new ShopOrderIntake({
    db,
    generations: orderGenerations,
    sessions: sessionOrders,
    tokens: upgradeSessions.tokens,
    queue,
    productIds: config.shop.productIds,
    cartTokens,
    refunds: config.shop.refundAction === 'withdraw' ? { undoer: orderGenerations.undoer, audit } : null,
    log,
  });
  const { apiKey, apiSecret } = config.shop;
  const shopApi =
    apiKey && apiSecret
      ? new WooCommerceClient({ shopUrl: config.shop.url, key: apiKey, secret: apiSecret })
      : null;
  const shop = {
    intake,
    // Development works without configuration: a secret of its own, kept like the JWT secret.
    webhookSecret: config.shop.webhookSecret ?? keptSecret(config.dataDir, 'shop-webhook-secret'),
    cartTokens,
    reconciliation: shopApi
      ? new ShopReconciliation({ client: shopApi, intake, records: intake.records, log })
      : null,
    refundLines: new RefundLineFetcher({
      db,
      generations: orderGenerations,
      client: shopApi,
      productIds: config.shop.productIds,
      log,
    }),
    records: intake.records,
    startedAt: new Date(),
  };
  const releases = new ProductReleases(db, storage);
  const downloads = new DownloadService({
    db,
    licenses,
    releases,
    storage,
    urls: new FileUrlSigner({
      secret: jwtSecret,
      publicUrl: config.publicUrl,
      route: DOWNLOAD_FILE_ROUTE,
      lifetimeSeconds: DOWNLOAD_LINK_SECONDS,
    }),
  });
  const overview = new OverviewService({
    tally: new OverviewTally(db),
    lists: {
      license: { entity: LICENSE_LIST_ENTITY, list: (request) => licenses.list(request) },
      orderGeneration: {
        entity: ORDER_GENERATION_LIST_ENTITY,
        list: (request) => orderGenerations.list(request),
      },
      delivery: { entity: DELIVERY_LIST_ENTITY, list: (request) => deliveries.list(request) },
      upgradeSession: {
        entity: UPGRADE_SESSION_LIST_ENTITY,
        list: (request) => upgradeSessions.list(request),
      },
      download: { entity: DOWNLOAD_LIST_ENTITY, list: (request) => downloads.list(request) },
    },
  });
  const retention = new Retention({
    db,
    storage,
    periods: config.retention,
    pseudonyms,
    outboxDir: config.mail.smtpUrl ? null : config.mail.outboxDir,
    log,
  });
  const licenseImports = new LicenseImportService(db);
  const licenseImportUploads = new LicenseImportUploads({ db, storage, queue, imports: licenseImports });
  let retentionRequests: { stop(): void } | undefined;
  let importSweeps: { stop(): void } | undefined;
  return {
    config,
    database,
    queue,
    storage,
    mailer,
    guards: createGuards(tokens, {
      admin: (id) => auth.admin(id),
      activeLicense: (id) => auth.activeLicense(id),
    }),
    audit,
    admins,
    auth,
    licenses,
    licenseImports,
    licenseImportUploads,
    binding: new LicenseBinding({ db, queue, deliveries }),
    contactChanges: new ContactChanges({
      db,
      licenses,
      audit,
      deliveries,
      budgets: mailBudgets,
      tokens: new ContactChangeTokens(jwtSecret),
      queue,
      portalUrl: config.publicUrl,
    }),
    documents,
    deliveries,
    orderGenerations,
    upgradeSessions,
    orderGenerator,
    shop,
    releases,
    downloads,
    readiness: new Readiness({ db, storage }),
    overview,
    metrics,
    retention,
    personalData: new PersonalData({ db, storage }),
    startRetention: async (workerLog) => {
      retentionRequests = await workRetention(queue, retention, workerLog);
    },
    startLicenseImports: async (workerLog) => {
      importSweeps = await workLicenseImports(queue, licenseImportUploads, workerLog);
    },
    close: async () => {
      shop.reconciliation?.stop();
      retentionRequests?.stop();
      importSweeps?.stop();
      await queue.stop();
      await documents.close();
      mailer.close();
    },
  };
}

/** Starts working the background jobs (documents and e-mail deliveries) and sweeping what dead ones left. */
export async function startWorkers(services: Services, log: FastifyBaseLogger): Promise<void> {
  services.documents.sweepAbandonedUploads(log);
  await workDocuments(services.queue, services.documents.documents);
  await workDeliveries(services.queue, services.deliveries);
  await workOrderGenerations(services.queue, services.orderGenerator, services.config.shop.orderRetryLimit);
  await workRefundLines(services.queue, services.shop.refundLines);
  const { reconciliation } = services.shop;
  if (reconciliation) {
    await workReconciliation(services.queue, reconciliation);
    reconciliation.schedule(services.queue);
  }
  await workUpgradeSessions(services.queue, services.upgradeSessions, log);
  await services.startRetention(log);
  await services.startLicenseImports(log);
}
