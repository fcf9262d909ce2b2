import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

export interface OutgoingMail {
  /** Names the message for good: its Message-ID and its outbox file are made from it. */
  id: string;
  to: { address: string; name: string | null };
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content: Uint8Array; contentType: string }[];
}

export interface SendOptions {
  /**
   * Runs right before the message is irrevocably handed over — for SMTP, before the dot that ends
   * its DATA — so the caller can record that it may now arrive; a throw aborts the sending. Not
   * called by a mailer for which handing a message over twice does no harm.
   */
  beforeHandover?: () => Promise<void>;
}

export interface Mailer {
  send(mail: OutgoingMail, options?: SendOptions): Promise<void>;
  close(): void;
}

/**
 * The connection broke after the message was handed over and before the server answered: the
 * server may have accepted it or not. Sending again could deliver it twice.
 */
export class HandoverInDoubtError extends Error {
  constructor(cause: unknown) {
    super(`handover interrupted: ${(cause as Error).message}`, { cause });
    this.name = 'HandoverInDoubtError';
  }
}

export interface MailerSettings {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset writes `.eml` files. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** Sends through SMTP when configured; otherwise writes each message as an `.eml` file. */
export function createMailer(settings: MailerSettings): Mailer {
  return settings.smtpUrl
    ? smtpMailer(settings.smtpUrl, settings.from)
    : outboxMailer(settings.outboxDir, settings.from);
}

/** The whole MIME message, built before any connection is made. */
async function compose(from: string, mail: OutgoingMail, newline: 'unix' | 'windows'): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
  const info = await composer.sendMail({
    from,
    to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: `<${mail.id}@${domainOf(from)}>`,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: Buffer.from(attachment.content),
      contentType: attachment.contentType,
    })),
  });
  return info.message as Buffer;
}

function domainOf(from: string): string {
  return /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

function addressOf(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options: SMTPConnection.Options = {
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    // Credentials never travel unencrypted: with them, smtp:// must upgrade with STARTTLS.
    requireTLS: Boolean(url.username) && !secure,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  };
  const credentials = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;
  return {
    async send(mail, { beforeHandover } = {}) {
      const message = await compose(from, mail, 'windows');
      let handedOver = false;
      // One connection per message, driven directly: the message stream is read only once the
      // server accepted the envelope and DATA, so its end is the moment before the final dot.
      const connection = new SMTPConnection(options);
      const failed = new Promise<never>((_, reject) => connection.once('error', reject));
      failed.catch(() => {});
      try {
        await Promise.race([failed, new Promise<void>((resolve) => connection.connect(() => resolve()))]);
        if (credentials) {
          await Promise.race([
            failed,
            new Promise<void>((resolve, reject) =>
              connection.login(credentials, (error) => (error ? reject(error) : resolve())),
            ),
          ]);
        }
        const body = messageEndingAfter(message, async () => {
          await beforeHandover?.();
          handedOver = true;
        });
        await Promise.race([
          failed,
          new Promise<void>((resolve, reject) =>
            connection.send({ from: addressOf(from), to: [mail.to.address] }, body, (error) =>
              error ? reject(error) : resolve(),
            ),
          ),
        ]);
        connection.quit();
      } catch (error) {
        connection.close();
        // An answer of the server (a 4xx or 5xx code) means it did not take the message.
        const answered = typeof (error as { responseCode?: unknown }).responseCode === 'number';
        if (handedOver && !answered) throw new HandoverInDoubtError(error);
        throw error;
      }
    },
    close: () => {},
  };
}

/**
 * The message as a stream that ends — letting nodemailer write the dot that hands it over — only
 * once `beforeEnd` has run; if that throws, the stream fails and the dot is never written.
 */
function messageEndingAfter(message: Buffer, beforeEnd: () => Promise<void>): Readable {
  let stage: 'body' | 'ending' | 'ended' = 'body';
  return new Readable({
    read() {
      if (stage === 'body') {
        stage = 'ending';
        this.push(message);
        return;
      }
      if (stage !== 'ending') return;
      stage = 'ended';
      beforeEnd().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}

/**
 * Writes `<created>_<id>.eml` files. A message is written under a temporary name and renamed, and
 * its name depends on the mail alone: writing it again replaces it, so no handover is in doubt.
 */
function outboxMailer(outboxDir: string, from: string): Mailer {
  return {
    async send(mail) {
      const message = await compose(from, mail, 'unix');
      await fs.mkdir(outboxDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      const target = path.join(outboxDir, `${mail.id}.eml`);
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
      await fs.writeFile(temporary, message, { mode: PRIVATE_FILE_MODE });
      await fs.rename(temporary, target);
    },
    close: () => {},
  };
}
