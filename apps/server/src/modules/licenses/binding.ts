import type { Kysely } from 'kysely';
import {
  holderFormValues,
  holderProblems,
  toHolderData,
  type HolderBinding,
  type License,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Principal } from '../../http/principal.ts';
import { LicenseRepository } from './repository.ts';
import { customerView } from './mapper.ts';

/** The mail of a bound license's document (the deliveries module, which sits above this one). */
export interface BindingMails {
  mailBound(
    licenseId: string,
    holder: { email: string; name: string },
    transaction: Kysely<DB>,
  ): Promise<unknown>;
}

/**
 * The holder binding (customer spec §4, DESIGN §5): a license user binds its unbound license to a
 * person or an organization, once.
 */
export class LicenseBinding {
  readonly #db: Kysely<DB>;
  readonly #licenses: LicenseRepository;
  readonly #queue: JobQueue;
  readonly #deliveries: BindingMails;

  constructor(deps: { db: Kysely<DB>; queue: JobQueue; deliveries: BindingMails }) {
    this.#db = deps.db;
    this.#licenses = new LicenseRepository(deps.db);
    this.#queue = deps.queue;
    this.#deliveries = deps.deliveries;
  }

  /**
   * Binds the signed-in license to the holder, checked by the binding form's own rules. In one
   * transaction the license becomes bound (the holder name is its new sign-in code) and the jobs
   * that store its license document and mail it with occasion `bind` are queued. Only an unbound
   * license is bound: of concurrent requests exactly one succeeds, the others get 409.
   */
  async bind(licenseId: string, principal: Principal, body: HolderBinding): Promise<License> {
    if (principal.type !== 'license' || principal.licenseId !== licenseId) throw new AppError('FORBIDDEN');
    const values = holderFormValues(body);
    const [problem] = Object.values(
      holderProblems(values, { licenseClass: principal.license.class, consents: false }),
    );
    if (problem) throw new AppError('VALIDATION_FAILED', problem);
    const holder = toHolderData(values, principal.license.class);
    return this.#db.transaction().execute(async (transaction) => {
      const bound = await this.#licenses.bindIfUnbound(licenseId, holder, transaction);
      if (!bound) throw new AppError('LICENSE_NOT_UNBOUND');
      await this.#queue.send(JOBS.generateDocument, { licenseId, kind: 'license' }, { transaction });
      await this.#deliveries.mailBound(licenseId, holder, transaction);
      return customerView(bound);
    });
  }
}
