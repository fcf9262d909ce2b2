import type { Kysely } from 'kysely';
import type { PersonalDataReport } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { readPersonalData } from './personal-data.ts';

/** A person's data on request: the Auskunft (Art. 15 GDPR), decision 064. */
export class PersonalData {
  readonly #db: Kysely<DB>;

  constructor(deps: { db: Kysely<DB> }) {
    this.#db = deps.db;
  }

  async report(person: string): Promise<PersonalDataReport> {
    return (await readPersonalData(this.#db, person)).report;
  }
}
