import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { freePort } from '../../test/process.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { createMailer, HandoverInDoubtError, type OutgoingMail } from './mailer.ts';

const FROM = 'Lizenzportal <lizenzen@portal.example>';
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

function mail(id: string, address = 'kunde@example.com'): OutgoingMail {
  return {
    id,
    to: { address, name: 'Zoë Çelik' },
    subject: 'Ihr Startdokument',
    html: '<p>Guten Tag</p>',
    text: 'Guten Tag',
    attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' }],
  };
}

/** A mail server that reads a whole message and hangs up instead of answering it. */
async function startHangingUpServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = net.createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 hangs up after DATA\r\n');
    socket.on('data', (chunk) => {
      if (inData) {
        data += chunk.toString();
        if (data.includes('\r\n.\r\n')) socket.destroy();
        return;
      }
      for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
        if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else socket.write(line.startsWith('EHLO') ? '250 hello\r\n' : '250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP mailer', () => {
  test('hands a message over once its caller has recorded that it may arrive, with a Message-ID from its id', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: '' });
    const seenAtHandover: number[] = [];
    await mailer.send(mail('d3b07384-d113-4ec6-a1e0-1f0f0d1a2b3c'), {
      beforeHandover: async () => {
        seenAtHandover.push(smtp.received.length);
      },
    });
    mailer.close();
    expect(seenAtHandover).toEqual([0]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.messageId).toBe('<d3b07384-d113-4ec6-a1e0-1f0f0d1a2b3c@portal.example>');
    expect(smtp.received[0]!.to).toMatchObject({
      value: [{ address: 'kunde@example.com', name: 'Zoë Çelik' }],
    });
    expect(smtp.received[0]!.attachments[0]).toMatchObject({
      filename: 'a.pdf',
      contentType: 'application/pdf',
    });
  });

  test('a refused handover sends nothing: the server never gets the end of the message', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: '' });
    await expect(
      mailer.send(mail('refused'), {
        beforeHandover: () => Promise.reject(new Error('a newer attempt has taken over')),
      }),
    ).rejects.toThrow('a newer attempt has taken over');
    await mailer.send(mail('next'));
    mailer.close();
    await eventually(() => smtp.received.length === 1 || undefined);
    expect(smtp.received.map((received) => received.messageId)).toEqual(['<next@portal.example>']);
  });

  test('a connection lost after the handover leaves the outcome in doubt; a refusal does not', async () => {
    const hangingUp = await startHangingUpServer();
    const doubtful = createMailer({ smtpUrl: hangingUp.url, from: FROM, outboxDir: '' });
    await expect(doubtful.send(mail('lost'))).rejects.toBeInstanceOf(HandoverInDoubtError);
    doubtful.close();
    await hangingUp.close();

    smtp.refusing = true;
    const refused = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: '' });
    const error = await refused.send(mail('refused')).catch((failure: unknown) => failure);
    smtp.refusing = false;
    refused.close();
    expect(error).not.toBeInstanceOf(HandoverInDoubtError);
    expect((error as Error).message).toContain('Mailbox temporarily unavailable');
  });

  test('a mail server that is not listening is an ordinary failure (nothing was handed over)', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      from: FROM,
      outboxDir: '',
    });
    const error = await mailer.send(mail('unreachable')).catch((failure: unknown) => failure);
    mailer.close();
    expect(error).not.toBeInstanceOf(HandoverInDoubtError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});

describe('outbox mailer', () => {
  test('writes one .eml file per message: writing it again replaces it', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir });
    await mailer.send(mail('same-message'));
    await mailer.send(mail('same-message'));
    expect(fs.readdirSync(outboxDir)).toEqual(['same-message.eml']);
    const message = fs.readFileSync(path.join(outboxDir, 'same-message.eml'), 'utf8');
    expect(message).toContain('Message-ID: <same-message@portal.example>');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});
