import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Database tables as Kysely sees them; one interface per migration-defined table. */
export interface DB {
  admin_user: AdminUserTable;
  license: LicenseTable;
  auth_throttle_client: AuthThrottleClientTable;
  auth_throttle_subject: AuthThrottleSubjectTable;
  client_rate_limit: ClientRateLimitTable;
  delivery: DeliveryTable;
  order_generation: OrderGenerationTable;
  pending_upload: PendingUploadTable;
  product_release: ProductReleaseTable;
  download: DownloadTable;
  audit_entry: AuditEntryTable;
  upgrade_session: UpgradeSessionTable;
  list_row_count: ListRowCountTable;
  offer_mail: OfferMailTable;
  overview_tally: OverviewTallyTable;
  shop_reconciliation: ShopReconciliationTable;
  shop_ignored_order: ShopIgnoredOrderTable;
  holder_contact_change: HolderContactChangeTable;
  retention_run: RetentionRunTable;
  license_import_run: LicenseImportRunTable;
  license_import_finding: LicenseImportFindingTable;
  license_import_row: LicenseImportRowTable;
  license_import_upload: LicenseImportUploadTable;
}

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
/** An amount in cents in a `bigint` column: the `pg` driver reads it as a string, PGlite as a number. */
type Cents = ColumnType<string | number | null, number | null, number | null>;

export interface AdminUserTable {
  id: Generated<string>;
  name: string;
  password_hash: string;
  /** Raised by every password reset; tokens of an older version are refused. */
  session_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LicenseTable {
  id: Generated<string>;
  key: string;
  version: '7' | '8' | '9';
  start_code: string;
  authentication_code: string;
  status: 'unbound' | 'bound' | 'disabled';
  type_of_entry: 'manual' | 'order';
  entry_reference: string | null;
  holder_type: 'person' | 'organization' | null;
  holder_name: string | null;
  holder_email: string | null;
  holder_contact: string | null;
  bound_at: Date | null;
  notes: string | null;
  class: 'single' | 'multiple' | 'server' | 'pro' | 'personal';
  type: 'full' | 'update';
  size: number;
  delivery: 'download' | 'dvd';
  dvd_count: number | null;
  special_permissions: string[];
  software_downloads: Generated<number>;
  metasearch_downloads: Generated<number>;
  starter_document: string | null;
  license_document: string | null;
  updated_to_license: string | null;
  product_sku: string | null;
  extension_sku: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Raised by a trigger on every update (optimistic concurrency of back-office saves). */
  revision: ColumnType<number, never, never>;
  /** The order whose undo disabled the license (decision 066); null otherwise. */
  withdrawn_order: string | null;
}

export interface AuthThrottleClientTable {
  scope: string;
  subject: string;
  client: string;
  failures: number;
  retry_at: Date | null;
  expires_at: Date;
}

export interface ClientRateLimitTable {
  key: string;
  granted: number;
  last_lease: number;
  resets_at: Date;
}

export interface AuthThrottleSubjectTable {
  scope: string;
  subject: string;
  failures: number;
  retry_at: Date;
  expires_at: Date;
}

export type LicenseRow = Selectable<LicenseTable>;
export type NewLicenseRow = Insertable<LicenseTable>;
export type LicenseRowUpdate = Updateable<LicenseTable>;
export type AdminUserRow = Selectable<AdminUserTable>;

export interface DeliveryTable {
  id: Generated<string>;
  progress: Generated<'in-progress' | 'completed' | 'failed'>;
  /** Null for a mail that sends no document (a contact change's, migration 027). */
  document_type: 'starter' | 'license' | 'offer' | null;
  occasion:
    | 'order'
    | 'manual'
    | 'bind'
    | 'update'
    | 'recovery'
    | 'offer'
    | 'contact-confirmation'
    | 'contact-changed';
  order_generation: string | null;
  /** The session whose offer an `offer` delivery sends (it names no licenses). */
  upgrade_session: Generated<string | null>;
  recipient: string;
  recipient_name: string | null;
  licenses: string[];
  note: string | null;
  subject: string;
  content: string;
  text_content: string;
  error: string | null;
  documents: Generated<string[]>;
  /** The signed link to a ZIP of the documents, mailed instead of attachments (migration 030, decision 070). */
  documents_link: Generated<string | null>;
  documents_link_expires_at: Generated<Date | null>;
  attempts: Generated<number>;
  resent_from: string | null;
  sent_at: Date | null;
  /** The attempt that claimed the delivery last. */
  attempt: Generated<string | null>;
  /** When that attempt handed the message to the mail server (until it learned the outcome). */
  handed_over_at: Generated<Date | null>;
  /** When the retention job removed the mail's text (migration 023, decision 064). */
  content_removed_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DeliveryRow = Selectable<DeliveryTable>;
export type NewDeliveryRow = Insertable<DeliveryTable>;

export interface OrderGenerationTable {
  id: Generated<string>;
  order_number: string;
  shop_order_id: number | null;
  progress: Generated<'in-progress' | 'completed' | 'failed'>;
  deliver: Generated<boolean>;
  upgrade_session: string | null;
  licenses: Generated<string[]>;
  note: string | null;
  error: string | null;
  products: Generated<unknown>;
  /** The shop order as the portal read it (`ShopOrder`), what the generation works from. */
  shop_order: unknown;
  /** What the order buys (`orderPurchaseType`), decided at intake; null for a type the portal does not know. */
  purchase_type: Generated<'upgrade' | 'new' | 'extension' | 'reseller' | null>;
  /**
   * What the order paid and what the portal asks (migration 019, decision 060), in cents of
   * `paid_currency` (bigint: the `pg` driver reads them as strings). `order_*` are the order's
   * totals, `paid_*` what its lines of the portal were paid, `portal_*` the portal's price of them.
   */
  paid_currency: string | null;
  order_gross: Cents;
  order_tax: Cents;
  discount: Cents;
  /** [{ code, discount }] as the order lists its coupons. */
  coupons: Generated<unknown>;
  paid_net: Cents;
  paid_tax: Cents;
  paid_gross: Cents;
  portal_net: Cents;
  portal_tax: Cents;
  portal_gross: Cents;
  /** „Betrag weicht ab” (`amountDiffers` of the domain). */
  amount_differs: Generated<boolean>;
  /** „Doppelt bezahlt?”: the number of the order that bought the session first. */
  paid_twice_for: string | null;
  /** The order's refunds ([`OrderRefund`]) and whether the shop withdrew the whole order (migration 021, decision 066). */
  refunds: Generated<unknown>;
  withdrawn_status: string | null;
  withdrawn_at: Date | null;
  /** What staff still have to do about the refunds (`Withdrawal` of the domain). */
  withdrawal: 'open' | 'undone' | 'nothing-made' | null;
  /** Why the lines of its refunds could not be fetched from the shop (migration 028); null otherwise. */
  refund_lines_problem: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The shop reconciliation's one row: its last run, last success and last error (decision 030). */
export interface ShopReconciliationTable {
  id: Generated<boolean>;
  last_run_at: Date;
  last_success_at: Date | null;
  last_error: string | null;
  orders_seen: Generated<number>;
  orders_created: Generated<number>;
}

/** A paid shop order without a line of the portal, kept for the admin (decision 029). */
export interface ShopIgnoredOrderTable {
  order_number: string;
  shop_order_id: number;
  status: string;
  /** `[{ name, sku, quantity }]`. */
  lines: unknown;
  created_at: CreatedAt;
}

export interface PendingUploadTable {
  key: string;
  started_at: CreatedAt;
}

export type OrderGenerationRow = Selectable<OrderGenerationTable>;
export type NewOrderGenerationRow = Insertable<OrderGenerationTable>;

export interface ProductReleaseTable {
  id: Generated<string>;
  product: string;
  platform: string | null;
  version: string;
  file_key: string;
  file_name: string;
  /** bigint; read as a number on both backends (exact far beyond any file size). */
  size: number;
  published_at: ColumnType<Date, Date | undefined, never>;
}

export type ProductReleaseRow = Selectable<ProductReleaseTable>;

/** The download log: one row per download link, with the bytes the file endpoint sent for it. */
export interface DownloadTable {
  id: Generated<string>;
  license: string;
  object: 'software' | 'metasearch';
  product: string;
  platform: string | null;
  version: string;
  release: string | null;
  size: number;
  bytes_sent: Generated<number>;
  completed_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DownloadRow = Selectable<DownloadTable>;
export interface AuditEntryTable {
  id: Generated<string>;
  /** `erasure`: an erasure on request, which names no record of the person (migration 023). */
  entity: 'license' | 'delivery' | 'order-generation' | 'erasure';
  entity_id: string;
  action: string;
  actor: string;
  /** What the entry says beyond its changes („Importiert aus <Datei>, Zeile N”). */
  note: Generated<string | null>;
  changes: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
}

export type AuditEntryRow = Selectable<AuditEntryTable>;

export interface UpgradeSessionTable {
  id: Generated<string>;
  purchase_type: 'upgrade' | 'new' | 'extension' | 'reseller';
  status: Generated<'created' | 'offered' | 'purchased' | 'in-progress' | 'failed' | 'completed' | 'expired'>;
  from_version: '8' | '9' | null;
  to_version: Generated<'9'>;
  /** `SessionProperties` of the domain. */
  properties: unknown;
  /** `BillingDraft` (or `Billing` once offered). */
  billing: unknown;
  ship_to_different_address: boolean;
  shipping: unknown;
  holder: unknown;
  original_licenses: string[];
  original_seats: number;
  reseller_licenses: unknown;
  order_id: Generated<string | null>;
  offer_number: Generated<string | null>;
  offer_code: Generated<string | null>;
  offer_document: Generated<string | null>;
  offered_at: Generated<Date | null>;
  offer_valid_until: Generated<Date | null>;
  before_extension: Generated<unknown>;
  product_license: Generated<string | null>;
  /** When billing, shipping and holder data were removed (retention or erasure; migration 023). */
  personal_data_removed_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type UpgradeSessionRow = Selectable<UpgradeSessionTable>;
export type NewUpgradeSessionRow = Insertable<UpgradeSessionTable>;
export type UpgradeSessionRowUpdate = Updateable<UpgradeSessionTable>;

/**
 * The row counts of the back-office lists' tables (migration 014, decision 028): per table, one
 * row per changing statement with what it added (+) or deleted (-); the count is their sum.
 */
export interface ListRowCountTable {
  table_name: string;
  /** bigint: the driver reads it as a string. */
  delta: ColumnType<string, number, never>;
}

/**
 * One mail a visitor made the portal send (an offer, a contact change's link), counted against its
 * client's and recipient's budgets (decisions 034, 064).
 */
export interface OfferMailTable {
  client: string;
  recipient: string;
  /** The recipient's registrable domain (migration 020); null in rows of an earlier release. */
  recipient_domain: string | null;
  sent_at: ColumnType<Date, never, never>;
}

/**
 * The overview's figures per Berlin day (migration 018, decision 039): rows added by the triggers of
 * the tables they count, in the transaction of each change; `folded` rows hold the sums of earlier ones.
 */
export interface OverviewTallyTable {
  measure: string;
  day: ColumnType<string, string, never>;
  /** bigint: the driver reads it as a string. */
  amount: ColumnType<string, number, never>;
  folded: Generated<boolean>;
}

/** A holder's change of contact person and e-mail, waiting for its confirmation link (migration 023). */
export interface HolderContactChangeTable {
  id: Generated<string>;
  license: string;
  contact: string | null;
  email: string;
  expires_at: Date;
  confirmed_at: Date | null;
  /** When a newer change of the license replaced it (migration 027): its link is refused. */
  replaced_at: Date | null;
  created_at: CreatedAt;
}

/** The retention job's last run (migration 023, decision 064): when it finished, what it removed per kind. */
export interface RetentionRunTable {
  id: boolean;
  finished_at: Date;
  removed: ColumnType<unknown, string, string>;
}

/** A run of the license import (decision 061): who, when, which file, what it found. */
export interface LicenseImportRunTable {
  id: Generated<string>;
  actor: string;
  file_name: string;
  file_sha256: string;
  file_bytes: ColumnType<string | number, number, number>;
  format: 'csv' | 'json-lines' | 'json-array';
  encoding: 'utf-8' | 'windows-1252';
  dry_run: boolean;
  only_valid: boolean;
  mapping: ColumnType<Record<string, string | null>, string, string>;
  status: Generated<'running' | 'completed' | 'checked' | 'refused' | 'failed'>;
  rows_read: Generated<number>;
  imported: Generated<number>;
  unchanged: Generated<number>;
  different: Generated<number>;
  invalid: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
  /**
   * Refreshed by the process running the run, from the database's clock (decision 082); null for
   * a run an earlier release started. A `running` run whose heartbeat is old was abandoned.
   */
  heartbeat_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface LicenseImportFindingTable {
  run: string;
  line: number;
  column_title: string | null;
  kind: 'error' | 'unchanged' | 'different' | 'note';
  message: string;
}

/** A staged row of an import run; columns as the license's, plus what the checks across rows set. */
export interface LicenseImportRowTable {
  run: string;
  line: number;
  id: string | null;
  final_id: string | null;
  key: string;
  folded_key: string;
  start_code: string;
  version: string;
  status: string;
  authentication_code: string;
  type_of_entry: string;
  entry_reference: string | null;
  holder_type: string | null;
  holder_name: string | null;
  holder_email: string | null;
  holder_contact: string | null;
  bound_at: Date | null;
  notes: string | null;
  class: string;
  type: string;
  size: number;
  delivery: string;
  dvd_count: number | null;
  special_permissions: string[];
  software_downloads: number;
  metasearch_downloads: number;
  product_sku: string | null;
  extension_sku: string | null;
  successor_id: string | null;
  successor_key: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  note: string;
  existing: string | null;
  refused: Generated<boolean>;
  updated_to_license: string | null;
}

export interface LicenseImportUploadTable {
  id: Generated<string>;
  actor: string;
  file_name: string;
  file_bytes: ColumnType<string | number, number, number>;
  columns: ColumnType<string[], string, string>;
  rows_expected: number;
  requested_actor: string | null;
  requested_dry_run: boolean | null;
  requested_only_valid: boolean | null;
  requested_mapping: ColumnType<Record<string, string | null> | null, string | null, string | null>;
  run: string | null;
  created_at: CreatedAt;
  file_removed_at: Date | null;
}
