import type { Kysely } from 'kysely';
import type { PersonalDataErasure, PersonalDataReport } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { erasePersonalData } from './erasure.ts';
import { readPersonalData } from './personal-data.ts';

/** Thrown to roll a preview back: the preview runs the very erasure, so it cannot drift from it. */
const ROLLBACK = Symbol('rollback');

/** A person's data on request: the Auskunft (Art. 15 GDPR) and its erasure (Art. 17), decision 064. */
export class PersonalData {
  readonly #db: Kysely<DB>;
  readonly #storage: FileStorage;

  constructor(deps: { db: Kysely<DB>; storage: FileStorage }) {
    this.#db = deps.db;
    this.#storage = deps.storage;
  }

  async report(person: string): Promise<PersonalDataReport> {
    return (await readPersonalData(this.#db, person)).report;
  }

  /** „Löschen / Anonymisieren” by `actor` (a staff user name); with `dryRun` only what it would do. */
  async erase(person: string, actor: string, dryRun: boolean): Promise<PersonalDataErasure> {
    let erasure: Awaited<ReturnType<typeof erasePersonalData>> | undefined;
    try {
      await this.#db.transaction().execute(async (transaction) => {
        erasure = await erasePersonalData(transaction, person, actor, new Date());
        if (dryRun) throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    // The PDFs go once the rows that name them are gone for good.
    if (!dryRun) for (const key of erasure!.offerDocuments) await this.#storage.delete(key);
    return { dryRun, ...erasure!.outcome };
  }
}
