import type { Kysely } from 'kysely';
import {
  CONTACT_CHANGE_LINK_HOURS,
  contactChangeMessages,
  contactConfirmationUrl,
  contactProblems,
  toNewContact,
  type ContactChangeRequest,
  type ContactChangeView,
} from '@lizenzportal/domain';
import type { DB, LicenseRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Principal } from '../../http/principal.ts';
import { changedFields, type AuditLog } from '../audit/index.ts';
import type { DeliveryService } from '../deliveries/index.ts';
import { toLicense, UNRECORDED_FIELDS, type LicenseService } from '../licenses/index.ts';
import type { MailBudgetRefusal, MailBudgets } from '../upgrade-sessions/index.ts';
import { ContactChangeRepository, type ContactChangeRow } from './repository.ts';
import type { ContactChangeTokens } from './tokens.ts';

const LINK_MS = CONTACT_CHANGE_LINK_HOURS * 3_600_000;

/** A confirmation mail over a budget: the answer names when the next one can be asked for. */
const CONTACT_MAIL_REFUSAL: MailBudgetRefusal = {
  code: 'CONTACT_MAIL_LIMIT_REACHED',
  message: contactChangeMessages.mailLimitReached,
};

export interface ContactChangeDeps {
  db: Kysely<DB>;
  licenses: LicenseService;
  audit: AuditLog;
  deliveries: Pick<DeliveryService, 'create'>;
  budgets: MailBudgets;
  tokens: ContactChangeTokens;
  queue: Pick<JobQueue, 'send'>;
  /** The portal's address (`PUBLIC_URL`): the links point to its confirmation page. */
  portalUrl: string;
}

/**
 * A bound holder corrects contact person and e-mail address (GDPR Art. 16, issue 40): the request
 * mails a link to the new address, and only the link's confirmation changes the license; the
 * old address is then told. The holder name, the sign-in credential, never changes here.
 */
export class ContactChanges {
  readonly #deps: ContactChangeDeps & { repository: ContactChangeRepository };

  constructor(deps: ContactChangeDeps) {
    this.#deps = { ...deps, repository: new ContactChangeRepository() };
  }

  /**
   * Records the signed-in holder's change and mails its link to the new address, in one
   * transaction; a change still waiting is replaced. The mail counts against the budgets offers
   * draw on too, for the client at `address` and the new address: beyond them, 429.
   */
  async request(
    licenseId: string,
    principal: Principal,
    body: ContactChangeRequest,
    address: string,
  ): Promise<ContactChangeView> {
    if (principal.type !== 'license' || principal.licenseId !== licenseId) throw new AppError('FORBIDDEN');
    const license = principal.license;
    if (license.status !== 'bound' || !license.holder_name) throw new AppError('LICENSE_NOT_BOUND');
    const values = {
      contact: body.contact ?? '',
      email: body.email,
      emailConfirmation: body.emailConfirmation,
    };
    const holder = {
      holderType: license.holder_type,
      contact: license.holder_contact,
      email: license.holder_email,
    };
    const [problem] = Object.entries(contactProblems(values, holder));
    if (problem) throw new AppError('VALIDATION_FAILED', problem[1], { field: problem[0] });
    const contact = toNewContact(values, license.holder_type);
    const { db, repository, budgets, deliveries, tokens, portalUrl } = this.#deps;
    return db.transaction().execute(async (transaction) => {
      await budgets.count(transaction, address, contact.email, CONTACT_MAIL_REFUSAL);
      const change = await repository.replacePending(transaction, {
        license: licenseId,
        ...contact,
        expiresAt: new Date(Date.now() + LINK_MS),
      });
      await deliveries.create(
        {
          occasion: 'contact-confirmation',
          documentType: null,
          licenseIds: [licenseId],
          recipient: contact.email,
          recipientName: contact.contact ?? license.holder_name,
          contactChange: {
            holderName: license.holder_name!,
            ...contact,
            confirmation: {
              url: contactConfirmationUrl(portalUrl, tokens.tokenOf(change.id)),
              expiresAt: change.expires_at,
            },
          },
        },
        transaction,
      );
      return viewOf(change, license);
    });
  }

  /** What a link would change, for the confirmation page; changes nothing (mail scanners follow links). */
  async view(token: string): Promise<ContactChangeView> {
    const change = await this.#usable(this.#deps.db, token, false);
    const license = await this.#deps.licenses.findById(change.license);
    return viewOf(change, this.#bound(license));
  }

  /**
   * Confirms the change a link names, once: the license gets the new contact (its license
   * document is made again, it names them), the change is audited with each field before and
   * after as the holder's, and the old address is told — all in one transaction.
   */
  async confirm(token: string): Promise<ContactChangeView> {
    const { db, repository, licenses, audit, deliveries, queue } = this.#deps;
    return db.transaction().execute(async (transaction) => {
      const change = await this.#usable(transaction, token, true);
      const before = this.#bound(await licenses.findForUpdate(change.license, transaction));
      const after = (await licenses.changeContact(
        before.id,
        { holder_contact: change.contact, holder_email: change.email },
        transaction,
      ))!;
      await repository.markConfirmed(transaction, change.id);
      await audit.record(transaction, {
        entity: 'license',
        entityId: before.id,
        action: 'contact-changed',
        principal: { type: 'license', licenseId: before.id, license: after },
        changes: changedFields(toLicense(before), toLicense(after), [
          ...UNRECORDED_FIELDS,
          'licenseDocument',
        ]),
      });
      await queue.send(JOBS.generateDocument, { licenseId: before.id, kind: 'license' }, { transaction });
      if (before.holder_email) {
        await deliveries.create(
          {
            occasion: 'contact-changed',
            documentType: null,
            licenseIds: [before.id],
            recipient: before.holder_email,
            recipientName: before.holder_contact ?? before.holder_name,
            contactChange: { holderName: before.holder_name!, contact: change.contact, email: change.email },
          },
          transaction,
        );
      }
      return viewOf(change, after);
    });
  }

  /** The change a link names while it may still be confirmed; otherwise the refusal that says why. */
  async #usable(db: Kysely<DB>, token: string, forUpdate: boolean): Promise<ContactChangeRow> {
    const id = this.#deps.tokens.changeOf(token);
    const change = id ? await this.#deps.repository.find(db, id, forUpdate) : undefined;
    if (!change) throw new AppError('CONTACT_LINK_INVALID');
    if (change.confirmed_at) throw new AppError('CONTACT_LINK_USED');
    if (change.replaced_at) throw new AppError('CONTACT_LINK_REPLACED');
    if (change.expires_at.getTime() <= Date.now()) throw new AppError('CONTACT_LINK_EXPIRED');
    return change;
  }

  /** A license that still has a holder whose contact may change (not disabled or unbound since). */
  #bound(license: LicenseRow | undefined): LicenseRow {
    if (!license || license.status !== 'bound' || !license.holder_name)
      throw new AppError('LICENSE_NOT_BOUND');
    return license;
  }
}

function viewOf(change: ContactChangeRow, license: Pick<LicenseRow, 'holder_name'>): ContactChangeView {
  return {
    holderName: license.holder_name ?? '',
    contact: change.contact,
    email: change.email,
    expiresAt: change.expires_at.toISOString(),
  };
}
