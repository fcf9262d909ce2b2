import path from 'node:path';
import { z } from 'zod';
import { SKUS, type ShopProductIds, type Sku } from '@lizenzportal/domain';

const port = z.coerce.number().int().min(1).max(65535);
const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
    );
const optionalUrl = (protocols: string[]) =>
  z.preprocess((value) => (value === '' ? undefined : value), url(protocols).optional());

/** A production webhook secret: 32 or more letters and digits (README, shop orders). */
const WEBHOOK_SECRET = /^[A-Za-z0-9]{32,}$/;

/** Every setting of the portal, read from the environment once at start. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    JWT_SECRET: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(10, 'must be at least 10 characters long').optional(),
    ),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('Lizenzportal <lizenzen@localhost>'),
    SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@example.com'),
    SHOP_URL: optionalUrl(['http:', 'https:']),
    SHOP_ORIGIN: optionalUrl(['http:', 'https:']),
    SHOP_WEBHOOK_SECRET: optionalString,
    SHOP_CART_SIGNING_KEY: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    SHOP_CART_SIGNING_KEY_PREVIOUS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    SHOP_API_KEY: optionalString,
    SHOP_API_SECRET: optionalString,
    SHOP_ORDER_URL: z
      .string()
      .trim()
      .refine((value) => value.includes('{id}'), 'must contain the placeholder {id}')
      .default('https://shop.example/wp-admin/post.php?post={id}&action=edit'),
    SHOP_PRODUCT_IDS: z
      .string()
      .trim()
      .default('')
      .transform((value, context) => {
        const ids = parseProductIds(value);
        if (typeof ids === 'string') {
          context.addIssue({ code: 'custom', message: ids });
          return z.NEVER;
        }
        return ids;
      }),
    SHOP_ORDER_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
    /** What a full refund or cancellation does (decision 066): staff decide, or the portal undoes the order. */
    SHOP_REFUND_ACTION: z.enum(['attention', 'withdraw']).default('attention'),
    STORAGE_URL: optionalUrl(['s3:', 'file:']),
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    VENDOR_LOGO: optionalString,
    VENDOR_NAME: z.string().trim().min(1).max(200).default('Symbolsoftware Demo GmbH'),
    VENDOR_ADDRESS: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .default('Musterstraße 1, 12345 Musterstadt, Deutschland'),
    HELP_URL: z.string().trim().min(1).default('/hilfe'),
    PRIVACY_URL: z.string().trim().min(1).default('/datenschutz'),
    WEB_DIST_DIR: z.string().trim().min(1).optional(),
    AUTH_CLIENT_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(
        /^(false|\d{1,2}|[\da-fA-F.:/]+(,[\da-fA-F.:/]+)*)$/,
        'must be false, the number of proxies in front, or their addresses (comma-separated)',
      )
      .default('false'),
    WORKER: z.enum(['inline', 'off']).default('inline'),
    /** At least pg-boss's 10 s; at most an hour, which a dead worker's jobs would then wait. */
    JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
    JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
    IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    CLIENT_UNFINISHED_REQUEST_LIMIT: z.coerce.number().int().min(1).max(10_000).default(16),
    UNFINISHED_BODY_MEGABYTES: z.coerce.number().int().min(1).max(4096).default(64),
    CLIENT_IDLE_CONNECTION_LIMIT: z.coerce.number().int().min(1).max(10_000).default(32),
    METRICS_TOKEN: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    METRICS_PORT: z.preprocess((value) => (value === '' ? undefined : value), port.optional()),
    ADMIN_SESSION_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(604_800)
      .default(8 * 3600),
    LICENSE_SESSION_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(604_800)
      .default(12 * 3600),
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(10),
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(15),
    DELIVERY_ATTACHMENT_LIMIT_MB: z.coerce.number().positive().max(1000).default(10),
    RETENTION_OFFER_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    RETENTION_MAIL_TEXT_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    RETENTION_AUDIT_DAYS: z.coerce.number().int().min(365).max(36_500).default(2190),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['JWT_SECRET', 'SHOP_WEBHOOK_SECRET', 'SHOP_CART_SIGNING_KEY'] as const) {
      if (!env[name])
        context.addIssue({ code: 'custom', path: [name], message: 'is required in production mode' });
    }
    // WooCommerce signs with the secret after decoding HTML entities (`&amp;` signs as `&`): a
    // secret of letters and digits means the same to both sides.
    if (env.SHOP_WEBHOOK_SECRET && !WEBHOOK_SECRET.test(env.SHOP_WEBHOOK_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['SHOP_WEBHOOK_SECRET'],
        message:
          'must be at least 32 letters and digits in production mode (the same secret in the webhook of WooCommerce, which would read characters such as & differently)',
      });
    }
  })
  .superRefine((env, context) => {
    // Tests leave jobs queued on purpose; anywhere else they would never run.
    if (env.WORKER === 'off' && !env.DATABASE_URL && env.NODE_ENV !== 'test') {
      context.addIssue({
        code: 'custom',
        path: ['WORKER'],
        message: 'off needs DATABASE_URL: a separate worker cannot share the embedded database',
      });
    }
    // Node refuses a header timeout beyond the request's: the headers are part of the request.
    if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
      context.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_SECONDS'],
        message: 'must not exceed REQUEST_TIMEOUT_SECONDS',
      });
    }
    if (env.METRICS_PORT === env.PORT) {
      context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      const [missing, given] = env.ADMIN_USERNAME
        ? ['ADMIN_PASSWORD', 'ADMIN_USERNAME']
        : ['ADMIN_USERNAME', 'ADMIN_PASSWORD'];
      context.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${given}` });
    }
  });

/**
 * The portal's settings as its code reads them, made from the environment's variables: the one
 * place a setting is declared (its variable, check and default above, its shape and meaning here).
 */
const configSchema = environmentSchema.transform((env) => {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    jwtSecret: env.JWT_SECRET,
    initialAdmin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      outboxDir: path.join(path.resolve(env.DATA_DIR), 'outbox'),
    },
    shop: {
      url: env.SHOP_URL ?? `${publicUrl}/shop-demo`,
      origin: new URL(env.SHOP_ORIGIN ?? publicUrl).origin,
      webhookSecret: env.SHOP_WEBHOOK_SECRET,
      /**
       * The secrets of the Ed25519 keys that sign the carts handed to the shop (decision 065): the
       * current one (generated under DATA_DIR when unset, outside production) and, while the shop
       * changes over, the previous one, which still verifies.
       */
      cartSigningKey: env.SHOP_CART_SIGNING_KEY,
      previousCartSigningKey: env.SHOP_CART_SIGNING_KEY_PREVIOUS,
      apiKey: env.SHOP_API_KEY,
      apiSecret: env.SHOP_API_SECRET,
      orderUrlPattern: env.SHOP_ORDER_URL,
      /** The shop's product id of each SKU (an order line without SKU is recognized by it). */
      productIds: env.SHOP_PRODUCT_IDS,
      /** Retries of an order generation that failed for a technical reason, before it is marked failed. */
      orderRetryLimit: env.SHOP_ORDER_RETRY_LIMIT,
      /** What a full refund or cancellation does (decision 066): staff decide, or the portal undoes the order. */
      refundAction: env.SHOP_REFUND_ACTION,
    },
    storageUrl: env.STORAGE_URL,
    /** An S3-compatible server (MinIO, …) instead of AWS, for `STORAGE_URL=s3://…`. */
    s3Endpoint: env.S3_ENDPOINT,
    /** `logo`: path of a PNG or JPEG printed in the head of generated PDFs. */
    vendor: {
      name: env.VENDOR_NAME,
      address: env.VENDOR_ADDRESS,
      logo: env.VENDOR_LOGO ? path.resolve(env.VENDOR_LOGO) : undefined,
    },
    /** Links the web app shows: help and privacy pages (own pages by default, or the shop's). */
    links: { help: env.HELP_URL, privacy: env.PRIVACY_URL },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    authClientLimitPerMinute: env.AUTH_CLIENT_LIMIT,
    /**
     * Behind reverse proxies: how many hops of X-Forwarded-For to trust, or which proxy addresses.
     * Never "all": the left-most entry is the client's to choose.
     */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** `inline`: this process also runs the background jobs; `off`: a separate `npm run worker` does. */
    worker: env.WORKER,
    /**
     * How the job queue notices a worker that died (decision 011, 083): a worker refreshes the
     * heartbeat of the jobs it runs every half of `heartbeatSeconds`; a job whose heartbeat is
     * older is retried by the supervisor, which looks every `superviseIntervalSeconds`.
     */
    jobQueue: {
      heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
      superviseIntervalSeconds: env.JOB_SUPERVISE_INTERVAL_SECONDS,
    },
    /**
     * On SIGTERM, how long the server stays up answering requests while readiness says 503, so a
     * load balancer stops sending it new ones before it stops accepting.
     */
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    /**
     * Who reads `/metrics`: with `port`, only a scraper on this machine, at 127.0.0.1:port (the portal's
     * port answers 404 there); with `token`, only a request carrying it as bearer. Neither: nobody (404).
     */
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    /**
     * How long a sign-in lasts, by user type: the web app warns before the end and lets the user
     * extend it (`POST /auth/session`).
     */
    sessionSeconds: { admin: env.ADMIN_SESSION_SECONDS, license: env.LICENSE_SESSION_SECONDS },
    /** Mail sending retries (with exponential back-off from the delay, up to an hour apart). */
    mailRetry: { retryLimit: env.MAIL_RETRY_LIMIT, retryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS },
    /**
     * A mail's size (its attachments as encoded, and its text) above which a delivery mails one
     * signed link to a ZIP of its documents instead of attaching them (decision 070).
     */
    deliveryAttachmentLimitBytes: Math.round(env.DELIVERY_ATTACHMENT_LIMIT_MB * 1024 * 1024),
    /** How long a client may take, and how much it may hold open (decision 035). */
    http: {
      /** A request's headers and body must have arrived by then (never the answer: downloads take hours). */
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      /** Its headers must have arrived by then. */
      headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      /** An idle kept-alive connection is closed after this (longer than a load balancer's idle timeout). */
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      /** A connection on which no byte moved either way for this long is closed (a stalled download). */
      idleTimeoutMs: env.IDLE_TIMEOUT_SECONDS * 1000,
      /** Requests of one client group whose body is still arriving; more are answered 429. */
      unfinishedRequestsPerClient: env.CLIENT_UNFINISHED_REQUEST_LIMIT,
      /** Bytes the unfinished bodies of all clients may hold together; more are answered 503. */
      unfinishedBodyBytes: env.UNFINISHED_BODY_MEGABYTES * 1024 * 1024,
      /** Idle connections of one client group; beyond, its longest-idle one is closed. */
      idleConnectionsPerClient: env.CLIENT_IDLE_CONNECTION_LIMIT,
    },
    /** How long personal data are kept (decision 064, docs/privacy.md): days after which the daily retention job removes them. */
    retention: {
      /** Billing, shipping and holder data of an upgrade session never ordered, after its offer ran out (or its last change). */
      offerDays: env.RETENTION_OFFER_DAYS,
      /** The text of a mail, after it was sent (or failed for good); the delivery's record stays. */
      mailTextDays: env.RETENTION_MAIL_TEXT_DAYS,
      /** Audit entries, after they were written. */
      auditDays: env.RETENTION_AUDIT_DAYS,
    },
  };
});

export type Config = z.output<typeof configSchema>;
/** The HTTP server's timeouts (milliseconds) and what clients may hold (http/client-limits.ts). */
export type HttpLimits = Config['http'];
/** Days after which the daily retention job removes personal data (decision 064). */
export type RetentionPeriods = Config['retention'];
/** How the job queue notices a dead worker (jobs/queue.ts). */
export type JobQueueTiming = Config['jobQueue'];

/** The environment variables of the settings, as the README's table names them. */
export const SETTING_VARIABLES = Object.keys(environmentSchema.shape);

/** The default of each setting that has one of a single value, as its variable would spell it. */
export function settingDefaults(): Record<string, string> {
  const defaults = environmentSchema.parse({});
  return Object.fromEntries(
    Object.entries(defaults).flatMap(([variable, value]) =>
      ['string', 'number', 'boolean'].includes(typeof value) ? [[variable, String(value)]] : [],
    ),
  );
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Variables whose values are never repeated in a message. */
const SECRETS = new Set([
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'SHOP_WEBHOOK_SECRET',
  'SHOP_CART_SIGNING_KEY',
  'SHOP_CART_SIGNING_KEY_PREVIOUS',
  'SHOP_API_KEY',
  'SHOP_API_SECRET',
  'METRICS_TOKEN',
]);

/** What a message may repeat of a given value: nothing of a secret, no credentials of a URL. */
function shown(name: string, value: string): string {
  if (SECRETS.has(name)) return '';
  return ` (got "${value.replace(/\/\/[^/@\s]*@/, '//***@')}")`;
}

/** Parses and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const given = environment[name];
        return `${name} ${issue.message}${given === undefined ? '' : shown(name, given)}`;
      }),
    );
  }
  return parsed.data;
}

/** The product ids of the demo shop (`/shop-demo` and the fixtures): what `SHOP_PRODUCT_IDS` overrides. */
export const DEFAULT_SHOP_PRODUCT_IDS: ShopProductIds = {
  'M9-PRO': 801,
  'M9-PER': 802,
  'M9-PROU': 803,
  'M9-PERU': 804,
  'M9-DVD': 805,
};

/**
 * `M9-PRO=801,M9-DVD=805`: the shop's product ids of the SKUs named (the others keep their
 * defaults), or what is wrong with the text.
 */
function parseProductIds(value: string): ShopProductIds | string {
  const ids: Record<Sku, number> = { ...DEFAULT_SHOP_PRODUCT_IDS };
  for (const entry of value.split(',').filter((part) => part.trim() !== '')) {
    const match = /^\s*([\w-]+)\s*=\s*(\d{1,15})\s*$/.exec(entry);
    if (!match) return `must be a list of SKU=product id (e.g. M9-PRO=801,M9-DVD=805)`;
    const sku = match[1] as Sku;
    if (!SKUS.includes(sku)) return `names an unknown SKU ${sku} (known: ${SKUS.join(', ')})`;
    ids[sku] = Number(match[2]);
  }
  if (new Set(Object.values(ids)).size !== SKUS.length) return 'must give each SKU a product id of its own';
  return ids;
}

function parseTrustProxy(value: string): false | number | string[] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}
