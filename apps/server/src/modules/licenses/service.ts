import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  backOfficeMessages,
  generateLicenseKey,
  generateStartCode,
  withAutomaticPermissions,
  type License,
  type LicenseCreate,
  type HolderData,
  type DownloadProduct,
  type LicenseUpdate,
} from '@lizenzportal/domain';
import type { DB, LicenseRow, LicenseRowUpdate, NewLicenseRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Principal } from '../../http/principal.ts';
import { changedFields, type AuditLog } from '../audit/index.ts';
import { LICENSE_CSV } from './csv.ts';
import {
  customerView,
  type CustomerLicenseRow,
  toLicense,
  toRowUpdate,
  UNRECORDED_FIELDS,
} from './mapper.ts';
import { LicenseRepository, type SignInCounter } from './repository.ts';

export interface CreateOrigin {
  typeOfEntry: 'manual' | 'order';
  /** The order number, or the name of the admin who created the licenses by hand. */
  entryReference: string;
  /** The shop product the licenses were bought as. */
  productSku?: string;
}

/** What an order's extension changes of a license. */
type ExtensionChanges = Pick<
  LicenseRowUpdate,
  'size' | 'dvd_count' | 'extension_sku' | 'license_document' | 'starter_document'
>;
/** What the undo of an extension restores. */
type ExtensionUndone = Pick<
  LicenseRowUpdate,
  | 'size'
  | 'dvd_count'
  | 'holder_type'
  | 'holder_name'
  | 'holder_email'
  | 'holder_contact'
  | 'authentication_code'
  | 'bound_at'
  | 'status'
  | 'license_document'
  | 'starter_document'
>;

export class LicenseService {
  readonly #db: Kysely<DB>;
  readonly #queue: JobQueue;
  readonly #audit: AuditLog;
  /** The table's statements: other modules call the named methods below (decision 069). */
  readonly #repository: LicenseRepository;

  constructor(db: Kysely<DB>, queue: JobQueue, audit: AuditLog) {
    this.#db = db;
    this.#queue = queue;
    this.#audit = audit;
    this.#repository = new LicenseRepository(db);
  }

  /**
   * An admin creates licenses by hand (origin manual, the admin's name as reference); each
   * creation is in the audit trail, committed with the licenses.
   */
  async createByAdmin(
    input: LicenseCreate,
    principal: Extract<Principal, { type: 'admin' }>,
  ): Promise<License[]> {
    return this.#db.transaction().execute(async (transaction) => {
      const created = await this.create(
        input,
        { typeOfEntry: 'manual', entryReference: principal.name },
        transaction,
      );
      for (const license of created) {
        await this.#audit.record(transaction, {
          entity: 'license',
          entityId: license._id,
          action: 'created',
          principal,
          changes: changedFields({}, license, UNRECORDED_FIELDS),
        });
      }
      return created;
    });
  }

  /**
   * Creates `count` licenses with fresh keys and start codes, all or none. The special
   * permissions the properties imply are added automatically; starter documents are generated
   * by jobs committed with the licenses.
   */
  async create(input: LicenseCreate, origin: CreateOrigin, db: Kysely<DB> = this.#db): Promise<License[]> {
    const specialPermissions = withAutomaticPermissions(input.specialPermissions, input.properties);
    const template = (): NewLicenseRow => {
      const startCode = generateStartCode();
      return {
        key: generateLicenseKey(),
        version: input.version,
        start_code: startCode,
        authentication_code: startCode,
        status: 'unbound',
        type_of_entry: origin.typeOfEntry,
        entry_reference: origin.entryReference,
        holder_type: null,
        holder_name: null,
        holder_email: null,
        holder_contact: null,
        bound_at: null,
        notes: input.notes,
        class: input.properties.class,
        type: input.properties.type,
        size: input.properties.size,
        delivery: input.properties.delivery,
        dvd_count: input.version === '9' ? input.properties.dvdCount : null,
        special_permissions: specialPermissions,
        starter_document: null,
        license_document: null,
        updated_to_license: null,
        product_sku: origin.productSku ?? null,
        extension_sku: null,
      };
    };
    return inTransaction(db, async (transaction) => {
      const created: LicenseRow[] = [];
      // A key collision (1 in 2^60 per pair) only skips that row; it is drawn again.
      while (created.length < input.count) {
        const rows = Array.from({ length: input.count - created.length }, template);
        created.push(...(await this.#repository.insertMany(rows, transaction)));
      }
      if (input.generateStarterDocument) {
        for (const license of created) {
          await this.#queue.send(
            JOBS.generateDocument,
            { licenseId: license.id, kind: 'starter' },
            { transaction },
          );
        }
      }
      return created.map(toLicense);
    });
  }

  async list(request: ListRequest): Promise<ListPage<License>> {
    const page = await this.#repository.list(request);
    return { ...page, rows: page.rows.map(toLicense) };
  }

  /** The licenses a list request matches, without paging, as a streamed CSV file. */
  exportCsv(request: ListRequest): Promise<Readable> {
    return this.#repository.stream(request, {
      head: LICENSE_CSV.head,
      rows: (rows) => LICENSE_CSV.rows(rows.map(toLicense)),
    });
  }

  /** One license: admins see any, a license user only its own (without the back office's notes). */
  async get(id: string, principal: Principal): Promise<License> {
    if (principal.type === 'license') {
      if (principal.licenseId !== id) throw new AppError('FORBIDDEN');
      return customerView(principal.license);
    }
    const row = await this.#repository.findById(id);
    if (!row) throw notFound('license');
    return toLicense(row);
  }

  /**
   * Saves a license edited in the back office; any status may be set. The edit names the revision
   * it started from: if the license changed since (another admin, an order, a binding), nothing is
   * written and the save is refused with 409. A save that changes fields is in the audit trail
   * with each field before and after, committed with it.
   */
  async update(id: string, input: LicenseUpdate, principal: Principal): Promise<License> {
    if (input.updatedToLicense === id) {
      throw new AppError('VALIDATION_FAILED', backOfficeMessages.updatedToItself, {
        field: 'updatedToLicense',
      });
    }
    return this.#db.transaction().execute(async (transaction) => {
      const current = await this.#repository.findById(id, transaction);
      if (!current) throw notFound('license');
      if (input.updatedToLicense && !(await this.#repository.exists(input.updatedToLicense, transaction))) {
        throw new AppError('VALIDATION_FAILED', backOfficeMessages.successorMissing, {
          field: 'updatedToLicense',
        });
      }
      if (current.revision !== input.revision) throw new AppError('LICENSE_CHANGED');
      const changes = toRowUpdate(input);
      if (input.status === 'bound' && !current.bound_at) changes.bound_at = new Date();
      const fieldChanges = changedFields(
        toLicense(current),
        toLicense({ ...current, ...changes }),
        UNRECORDED_FIELDS,
      );
      if (fieldChanges.length === 0) return toLicense(current);
      const updated = await this.#repository.updateAtRevision(id, input.revision, changes, transaction);
      if (!updated) throw new AppError('LICENSE_CHANGED');
      await this.#audit.record(transaction, {
        entity: 'license',
        entityId: id,
        action: 'updated',
        principal,
        changes: fieldChanges,
      });
      return toLicense(updated);
    });
  }

  // What the other modules read and write of a license: they call these, the table is written in
  // this module only (decision 069). Each joins the caller's transaction where it names one.

  findById(id: string, db?: Kysely<DB>): Promise<LicenseRow | undefined> {
    return this.#repository.findById(id, db);
  }

  /** The license, locked until `transaction` ends. */
  findForUpdate(id: string, transaction: Kysely<DB>): Promise<LicenseRow | undefined> {
    return this.#repository.findByIdForUpdate(id, transaction);
  }

  exists(id: string, db?: Kysely<DB>): Promise<boolean> {
    return this.#repository.exists(id, db);
  }

  /** A license's status by key, and the order whose undo disabled it (before every sign-in). */
  statusByKey(key: string): Promise<Pick<LicenseRow, 'status' | 'withdrawn_order'> | undefined> {
    return this.#repository.statusByKey(key);
  }

  /** The license as its holder sees it, with the client's sign-in throttle state, in one query. */
  findByKeyForSignIn<State>(
    key: string,
    counter: SignInCounter<State>,
  ): Promise<(CustomerLicenseRow & State) | undefined> {
    return this.#repository.findByKeyForSignIn(key, counter);
  }

  /** Bound licenses whose holder has this e-mail address (any case), for the license recovery. */
  boundToEmail(email: string, db?: Kysely<DB>): Promise<LicenseRow[]> {
    return this.#repository.boundToEmail(email, db);
  }

  /** The product each license was made as (an order's licenses, to match a refund's lines). */
  productsOf(ids: readonly string[], db?: Kysely<DB>): Promise<Pick<LicenseRow, 'id' | 'product_sku'>[]> {
    return this.#repository.productsOf(ids, db);
  }

  /** Binds the license to the holder if it is still unbound (undefined when it was not). */
  bindIfUnbound(id: string, holder: HolderData, db?: Kysely<DB>): Promise<LicenseRow | undefined> {
    return this.#repository.bindIfUnbound(id, holder, db);
  }

  /** An order's update replaced the license by `successor`: disabled, naming it. */
  async supersede(id: string, successor: string, transaction: Kysely<DB>): Promise<void> {
    await this.#repository.update(id, { status: 'disabled', updated_to_license: successor }, transaction);
  }

  /** The undo of that update: the license is `status` again and names no successor. */
  async reactivate(id: string, status: 'bound' | 'unbound', transaction: Kysely<DB>): Promise<void> {
    await this.#repository.update(id, { status, updated_to_license: null }, transaction);
  }

  /** A license the withdrawn order made: disabled, naming the order (its holder is told at sign-in). */
  async withdraw(id: string, order: string, transaction: Kysely<DB>): Promise<void> {
    await this.#repository.update(id, { status: 'disabled', withdrawn_order: order }, transaction);
  }

  /** An order's extension: its size, DVDs and extension SKU, and the documents to make anew. */
  extend(id: string, changes: ExtensionChanges, transaction: Kysely<DB>): Promise<LicenseRow | undefined> {
    return this.#repository.update(id, changes, transaction);
  }

  /** The undo of an extension: the license as it was before it. */
  async restoreBeforeExtension(id: string, before: ExtensionUndone, transaction: Kysely<DB>): Promise<void> {
    await this.#repository.update(id, before, transaction);
  }

  /** A download of `object` by the license, counted on it with the download log's row. */
  async countDownload(id: string, object: DownloadProduct, transaction: Kysely<DB>): Promise<void> {
    await this.#repository.countDownload(id, object, transaction);
  }

  /** A confirmed contact change: the holder's contact person and e-mail, the license document anew. */
  changeContact(
    id: string,
    contact: { holder_contact: string | null; holder_email: string | null },
    transaction: Kysely<DB>,
  ): Promise<LicenseRow | undefined> {
    return this.#repository.update(id, { ...contact, license_document: null }, transaction);
  }
}
