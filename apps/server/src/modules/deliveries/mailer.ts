import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: { address: string; name: string | null };
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content: Readable | Uint8Array; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
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

function toMessage(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      content:
        attachment.content instanceof Uint8Array ? Buffer.from(attachment.content) : attachment.content,
      contentType: attachment.contentType,
    })),
  };
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    // Credentials never travel unencrypted: with them, smtp:// must upgrade with STARTTLS.
    ...(url.username
      ? {
          auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
          requireTLS: !secure,
        }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(toMessage(from, mail));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(toMessage(from, mail));
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}_${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
