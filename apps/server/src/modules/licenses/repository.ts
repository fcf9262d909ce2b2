import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DownloadProduct, HolderData } from '@lizenzportal/domain';
import { LookupBatches } from '../../lib/lookup-batches.ts';
import { executeNamedStatement, type Placeholders } from '../../db/named-statements.ts';
import type { DB, LicenseRow, LicenseRowUpdate, NewLicenseRow } from '../../db/schema.ts';
import { streamListRows } from '../../lists/list-export.ts';
import { listPage, type ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { LICENSE_LIST_ENTITY } from './list.ts';
import { CUSTOMER_LICENSE_COLUMNS, type CustomerLicenseRow } from './mapper.ts';

/**
 * The select list of the customer's columns, compiled once: built per request from 28 references,
 * Kysely's compiling cost as much as PGlite's planning of the whole query. The names are the
 * constant list's, never input.
 */
const CUSTOMER_COLUMNS_OF_LICENSE = sql.raw(
  CUSTOMER_LICENSE_COLUMNS.map((column) => `license.${column}`).join(', '),
);

const DOWNLOAD_COUNTER_COLUMN = {
  software: 'software_downloads',
  metasearch: 'metasearch_downloads',
} as const satisfies Record<DownloadProduct, string>;

/**
 * The sign-in throttle's counter of one attempt (auth's `ThrottleCounter`): its scope and client,
 * and the join of the client's counter written from placeholders, for the statement compiled once.
 */
export interface SignInCounter<State> {
  scope: string;
  client: string;
  on(placeholders: Placeholders<{ subject: string; scope: string; client: string }>): {
    join: RawBuilder<unknown>;
    columns: RawBuilder<State>;
  };
}

/** One sign-in's lookup: the key, and the attempt's throttle counter (its scope and client). */
interface SignInLookup {
  key: string;
  counter: SignInCounter<unknown>;
}

/** Sign-ins looked up in one statement at most: a statement's rows stay a few dozen kilobytes. */
const SIGN_IN_BATCH = 64;

/** Data access for licenses; every query of the module lives here. */
export class LicenseRepository {
  readonly #db: Kysely<DB>;
  readonly #signIns = new LookupBatches((lookups: readonly SignInLookup[]) => this.#signInLookups(lookups), {
    maxBatch: SIGN_IN_BATCH,
  });

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  findById(id: string, db: Kysely<DB> = this.#db): Promise<LicenseRow | undefined> {
    return db.selectFrom('license').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A license's status by key, and the order whose undo disabled it (decision 066). */
  async statusByKey(key: string): Promise<Pick<LicenseRow, 'status' | 'withdrawn_order'> | undefined> {
    const { rows } = await executeNamedStatement(
      this.#db,
      'license_status_withdrawn',
      { key },
      (parameters) => sql<Pick<LicenseRow, 'status' | 'withdrawn_order'>>`
        select status, withdrawn_order from license where key = ${parameters.key}`,
    );
    return rows[0];
  }

  /** The product each license was made as (an order's licenses, to match a refund's lines). */
  productsOf(ids: readonly string[], db: Kysely<DB> = this.#db) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('license').select(['id', 'product_sku']).where('id', 'in', ids).execute();
  }

  /** The license, locked until the transaction ends. */
  findByIdForUpdate(id: string, transaction: Kysely<DB>): Promise<LicenseRow | undefined> {
    return transaction.selectFrom('license').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /**
   * The license as its holder sees it, with the client's sign-in throttle state, in one query (the
   * hot path of every login): PostgreSQL plans it once per connection. Sign-ins that wait for
   * each other's lookups are looked up together, in one statement (decision 084).
   */
  findByKeyForSignIn<State>(
    key: string,
    counter: SignInCounter<State>,
  ): Promise<(CustomerLicenseRow & State) | undefined> {
    return this.#signIns.lookUp({ key, counter }) as Promise<(CustomerLicenseRow & State) | undefined>;
  }

  /** One sign-in's lookup: its own statement, the same one PostgreSQL plans once per connection. */
  async #signInLookup({ key, counter }: SignInLookup): Promise<CustomerLicenseRow | undefined> {
    const { rows } = await executeNamedStatement(
      this.#db,
      'license_sign_in',
      { key, scope: counter.scope, client: counter.client },
      (parameters) => {
        const state = counter.on({ ...parameters, subject: sql.ref<string>('license.key') });
        return sql<CustomerLicenseRow>`
          select ${CUSTOMER_COLUMNS_OF_LICENSE}, ${state.columns} from license ${state.join}
          where license.key = ${parameters.key}`;
      },
    );
    return rows[0];
  }

  /**
   * Several sign-ins' lookups in one statement: each key with its attempt's scope and client, in
   * the order asked (a position per lookup), each client's own counter joined to its row.
   */
  async #signInLookups(lookups: readonly SignInLookup[]): Promise<(CustomerLicenseRow | undefined)[]> {
    if (lookups.length === 1) return [await this.#signInLookup(lookups[0]!)];
    const { rows } = await executeNamedStatement(
      this.#db,
      'license_sign_in_batch',
      {
        keys: lookups.map((lookup) => lookup.key),
        scopes: lookups.map((lookup) => lookup.counter.scope),
        clients: lookups.map((lookup) => lookup.counter.client),
      },
      (parameters) => {
        const state = lookups[0]!.counter.on({
          subject: sql.ref<string>('license.key'),
          scope: sql.ref<string>('batch.scope'),
          client: sql.ref<string>('batch.client'),
        });
        return sql<CustomerLicenseRow & { batch_position: number }>`
          select ${CUSTOMER_COLUMNS_OF_LICENSE}, ${state.columns}, batch.position::int as batch_position
          from unnest(${parameters.keys}::text[], ${parameters.scopes}::text[], ${parameters.clients}::text[])
            with ordinality as batch(key, scope, client, position)
          join license on license.key = batch.key ${state.join}`;
      },
    );
    const found: (CustomerLicenseRow | undefined)[] = lookups.map(() => undefined);
    for (const { batch_position: position, ...row } of rows) found[position - 1] = row;
    return found;
  }

  /** Inserts licenses; rows whose key is already taken are skipped and not returned. */
  insertMany(rows: NewLicenseRow[], db: Kysely<DB> = this.#db): Promise<LicenseRow[]> {
    return db
      .insertInto('license')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returningAll()
      .execute();
  }

  update(id: string, changes: LicenseRowUpdate, db: Kysely<DB> = this.#db): Promise<LicenseRow | undefined> {
    return db
      .updateTable('license')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Saves an edit only if the license is still at `revision`, the one the edit started from: the
   * check and the change are one statement, so of two concurrent saves of the same revision one
   * wins. Undefined when the license moved on (or does not exist).
   */
  updateAtRevision(
    id: string,
    revision: number,
    changes: LicenseRowUpdate,
    db: Kysely<DB> = this.#db,
  ): Promise<LicenseRow | undefined> {
    return db
      .updateTable('license')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('revision', '=', revision)
      .returningAll()
      .executeTakeFirst();
  }

  /** Adds one to the license's counter of downloads of `object`. */
  async countDownload(id: string, object: DownloadProduct, db: Kysely<DB> = this.#db): Promise<void> {
    const column = DOWNLOAD_COUNTER_COLUMN[object];
    await db
      .updateTable('license')
      .set({ [column]: sql`${sql.ref(column)} + 1` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Binds the license to the holder if it is still unbound: the status check and the change are
   * one statement, so of concurrent bindings exactly one finds the license unbound. Undefined
   * when it was not (or does not exist).
   */
  bindIfUnbound(id: string, holder: HolderData, db: Kysely<DB> = this.#db): Promise<LicenseRow | undefined> {
    return db
      .updateTable('license')
      .set({
        status: 'bound',
        authentication_code: holder.name,
        holder_type: holder.holderType,
        holder_name: holder.name,
        holder_email: holder.email,
        holder_contact: holder.contact,
        bound_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'unbound')
      .returningAll()
      .executeTakeFirst();
  }

  /** One page of licenses and the number of all that match the filters. */
  list(request: ListRequest): Promise<ListPage<LicenseRow>> {
    return listPage(this.#db, LICENSE_LIST_ENTITY, request);
  }

  /** Every license that matches the filters, in the list's order, streamed as `format` writes it. */
  stream(request: ListRequest, format: { head: string; rows: (rows: LicenseRow[]) => string }) {
    return streamListRows(this.#db, LICENSE_LIST_ENTITY, request, format);
  }

  /** Bound licenses whose holder has this e-mail address (any case), for the license recovery. */
  boundToEmail(email: string, db: Kysely<DB> = this.#db): Promise<LicenseRow[]> {
    return db
      .selectFrom('license')
      .selectAll()
      .where('status', '=', 'bound')
      .where(sql<boolean>`lower(holder_email) = lower(${email})`)
      .orderBy('created_at')
      .execute();
  }

  /** Whether a license id exists (for references such as `updatedToLicense`). */
  async exists(id: string, db: Kysely<DB> = this.#db): Promise<boolean> {
    const row = await db.selectFrom('license').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
