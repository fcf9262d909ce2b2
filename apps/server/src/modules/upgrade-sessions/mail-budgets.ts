import { type Kysely, sql } from 'kysely';
import { formatDateTimeToMinute, type ErrorCode } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { getDomain } from 'tldts';
import { clientGroup } from '../../http/client-group.ts';

/**
 * One budget of the mails a visitor makes the portal send to an address they typed (an offer, a
 * contact change's confirmation link): at most `max` in any `windowMinutes`, per client, per
 * recipient mailbox, or per client and recipient domain.
 */
export interface MailBudget {
  per: 'client' | 'recipient' | 'clientDomain';
  max: number;
  windowMinutes: number;
}

/**
 * How many such mails (each one from the vendor's address) may be sent (decision 034): a
 * mailbox gets a handful an hour and ten a day, whoever asks; one client address asks for thirty
 * a day, at most ten of them to one domain — what bounds the spellings of one inbox the mailbox
 * cannot see (a catch-all domain, a provider's aliases). A school ordering offers for three
 * departments to one address stays well inside. Offers and contact changes draw on the same
 * budgets: either is a way to mail a stranger's inbox, and together they must not mail it more.
 */
export const MAIL_BUDGETS: readonly MailBudget[] = [
  { per: 'recipient', max: 5, windowMinutes: 60 },
  { per: 'recipient', max: 10, windowMinutes: 24 * 60 },
  { per: 'client', max: 30, windowMinutes: 24 * 60 },
  { per: 'clientDomain', max: 10, windowMinutes: 24 * 60 },
];

/** Google's two domains deliver to one inbox and ignore the dots of its local part. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address is counted as, as its provider delivers it: lower case, without the
 * `+suffix` of its local part (`anna+1@x.example` reaches `anna@x.example`), and for Gmail
 * without dots and on one domain (`a.nna@googlemail.com` reaches `anna@gmail.com`).
 */
function countedMailbox(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replace(/\+.*$/, '').toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/**
 * The domain a mailbox is counted under: its registrable domain (`schule.example` for
 * `sekretariat@verwaltung.schule.example`), so neither local parts nor subdomains of a catch-all
 * multiply one client's budget.
 */
function countedDomain(mailbox: string): string {
  const domain = mailbox.slice(mailbox.lastIndexOf('@') + 1);
  return getDomain(domain) ?? domain;
}

/** How a used-up budget is refused: the 429's code and its message, given the time it opens again. */
export interface MailBudgetRefusal {
  code: Extract<ErrorCode, 'OFFER_LIMIT_REACHED' | 'CONTACT_MAIL_LIMIT_REACHED'>;
  message: (retryAt: string) => string;
}

/**
 * Counts the mails of clients and recipients in the database (table `offer_mail`, named after
 * its first use), so every server process keeps one budget, and only mails that are sent count
 * (the row commits with the offer or the contact change that sends it).
 */
export class MailBudgets {
  readonly #limits: readonly MailBudget[];

  constructor(limits: readonly MailBudget[] = MAIL_BUDGETS) {
    this.#limits = limits;
  }

  /**
   * Counts one mail from `address` to `recipient` in the transaction that sends it, or refuses it
   * (429 with `Retry-After` and the time the next one is possible, worded by `refusal`) while a
   * budget is used up. Mails of one client, and to one recipient, are counted one at a time in
   * every process.
   */
  async count(
    transaction: Kysely<DB>,
    address: string,
    recipient: string,
    refusal: MailBudgetRefusal,
  ): Promise<void> {
    const client = clientGroup(address);
    const mailbox = countedMailbox(recipient);
    // Always client first, then recipient: two mails never wait for each other in a circle.
    for (const key of [`offer-mail client ${client}`, `offer-mail recipient ${mailbox}`]) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(transaction);
    }
    await this.#forgetOld(transaction);
    const domain = countedDomain(mailbox);
    // The client's lock (taken first) also serializes its mails to one domain.
    const subjects = {
      client: sql`client = ${client}`,
      recipient: sql`recipient = ${mailbox}`,
      clientDomain: sql`client = ${client} and recipient_domain = ${domain}`,
    };
    // Per budget: the sent_at of its max-th newest mail in the window, if there are that many —
    // the budget is open again once that mail leaves the window.
    const exhausted = this.#limits.map(
      ({ per, max, windowMinutes }) => sql`(
        select sent_at + make_interval(mins => ${windowMinutes}) as open_at from offer_mail
        where ${subjects[per]} and sent_at > now() - make_interval(mins => ${windowMinutes})
        order by sent_at desc offset ${max - 1} limit 1
      )`,
    );
    const { rows } = await sql<{ open_at: Date | null; retry_after: number | null }>`
      select max(open_at) as open_at, ceil(extract(epoch from max(open_at) - now()))::int as retry_after
      from (${sql.join(exhausted, sql` union all `)}) as budgets
    `.execute(transaction);
    const { open_at: openAt, retry_after: retryAfter } = rows[0]!;
    if (openAt && retryAfter !== null) throw refused(refusal, openAt, retryAfter);
    await transaction
      .insertInto('offer_mail')
      .values({ client, recipient: mailbox, recipient_domain: domain })
      .execute();
  }

  /** Rows older than the longest window count for nothing; rows another mail holds are left to it. */
  async #forgetOld(transaction: Kysely<DB>): Promise<void> {
    const longest = Math.max(...this.#limits.map((limit) => limit.windowMinutes));
    await sql`
      with old as (
        select ctid from offer_mail where sent_at < now() - make_interval(mins => ${longest})
        for update skip locked
      )
      delete from offer_mail using old where offer_mail.ctid = old.ctid
    `.execute(transaction);
  }
}

/** The 429 of a used-up budget: the time it opens again, in the message (minutes) and the header. */
function refused(refusal: MailBudgetRefusal, openAt: Date, retryAfterSeconds: number): AppError {
  const nextMinute = new Date(Math.ceil(openAt.getTime() / 60_000) * 60_000);
  return new AppError(refusal.code, refusal.message(formatDateTimeToMinute(nextMinute)), {
    headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  });
}
