import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  backOfficeMessages,
  generateLicenseKey,
  generateStartCode,
  withAutomaticPermissions,
  type License,
  type LicenseCreate,
  type LicenseUpdate,
} from '@lizenzportal/domain';
import type { DB, LicenseRow, NewLicenseRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Principal } from '../../http/principal.ts';
import { changedFields, type AuditLog } from '../audit/index.ts';
import { LICENSE_CSV } from './csv.ts';
import { customerView, toLicense, toRowUpdate, UNRECORDED_FIELDS } from './mapper.ts';
import { LicenseRepository } from './repository.ts';

export interface CreateOrigin {
  typeOfEntry: 'manual' | 'order';
  /** The order number, or the name of the admin who created the licenses by hand. */
  entryReference: string;
  /** The shop product the licenses were bought as. */
  productSku?: string;
}

export class LicenseService {
  readonly #db: Kysely<DB>;
  readonly #queue: JobQueue;
  readonly #audit: AuditLog;
  readonly repository: LicenseRepository;

  constructor(db: Kysely<DB>, queue: JobQueue, audit: AuditLog) {
    this.#db = db;
    this.#queue = queue;
    this.#audit = audit;
    this.repository = new LicenseRepository(db);
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
        created.push(...(await this.repository.insertMany(rows, transaction)));
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
    const page = await this.repository.list(request);
    return { ...page, rows: page.rows.map(toLicense) };
  }

  /** The licenses a list request matches, without paging, as a streamed CSV file. */
  exportCsv(request: ListRequest): Promise<Readable> {
    return this.repository.stream(request, {
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
    const row = await this.repository.findById(id);
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
      const current = await this.repository.findById(id, transaction);
      if (!current) throw notFound('license');
      if (input.updatedToLicense && !(await this.repository.exists(input.updatedToLicense, transaction))) {
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
      const updated = await this.repository.updateAtRevision(id, input.revision, changes, transaction);
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
}
