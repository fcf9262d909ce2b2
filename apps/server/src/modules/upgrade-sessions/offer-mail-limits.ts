import { type Kysely, sql } from 'kysely';
import { formatDate, formatTime, upgradeSessionMessages } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { getDomain } from 'tldts';
import { clientGroup } from '../../http/client-group.ts';

/**
 * One budget of offer mails: at most `max` in any `windowMinutes`, per client, per recipient
 * mailbox, or per client and recipient domain.
 */
export interface OfferMailLimit {
  per: 'client' | 'recipient' | 'clientDomain';
  max: number;
  windowMinutes: number;
}

/**
 * How many offers (each one mail from the vendor's address) may be made (decision 034): a
 * mailbox gets a handful an hour and ten a day, whoever asks; one client address asks for thirty
 * a day, at most ten of them to one domain — what bounds the spellings of one inbox the mailbox
 * cannot see (a catch-all domain, a provider's aliases). A school ordering offers for three
 * departments to one address stays well inside.
 */
export const OFFER_MAIL_LIMITS: readonly OfferMailLimit[] = [
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

/**
 * Counts the offer mails of clients and recipients in the database, so every server process
 * keeps one budget, and only offers that are made count (the row commits with the offer).
 */
export class OfferMailLimits {
  readonly #limits: readonly OfferMailLimit[];

  constructor(limits: readonly OfferMailLimit[] = OFFER_MAIL_LIMITS) {
    this.#limits = limits;
  }

  /**
   * Counts one offer mail from `address` to `recipient` in the offer's transaction, or refuses it
   * (429 with `Retry-After` and the time the next one is possible) while a budget is used up.
   * Offers of one client, and to one recipient, are counted one at a time in every process.
   */
  async count(transaction: Kysely<DB>, address: string, recipient: string): Promise<void> {
    const client = clientGroup(address);
    const mailbox = countedMailbox(recipient);
    // Always client first, then recipient: two offers never wait for each other in a circle.
    for (const key of [`offer-mail client ${client}`, `offer-mail recipient ${mailbox}`]) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(transaction);
    }
    await this.#forgetOld(transaction);
    const domain = countedDomain(mailbox);
    // The client's lock (taken first) also serializes its offers to one domain.
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
    if (openAt && retryAfter !== null) throw refused(openAt, retryAfter);
    await transaction
      .insertInto('offer_mail')
      .values({ client, recipient: mailbox, recipient_domain: domain })
      .execute();
  }

  /** Rows older than the longest window count for nothing; rows another offer holds are left to it. */
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
function refused(openAt: Date, retryAfterSeconds: number): AppError {
  const nextMinute = new Date(Math.ceil(openAt.getTime() / 60_000) * 60_000);
  const at = `${formatDate(nextMinute)} ${formatTime(nextMinute).slice(0, 5)}`;
  return new AppError('OFFER_LIMIT_REACHED', upgradeSessionMessages.offerLimitReached(at), {
    headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  });
}
