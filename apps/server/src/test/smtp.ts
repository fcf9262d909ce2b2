import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** While set, the server answers every recipient with a temporary error (a mail server outage). */
  refusing: boolean;
  /**
   * Recipients the server never answers: at `recipient`, their RCPT TO; at `data`, the end of a
   * message to them, which it reads (and counts as received) but never accepts or refuses.
   */
  holding: Map<string, 'recipient' | 'data'>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (`smtp-server`) that parses what it receives, on a free
 * port or on `port` (e.g. where a mail server was unreachable before).
 */
export async function startSmtpServer({ port = 0 } = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refusing: false,
    holding: new Map(),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Connections still open (held ones) end soon after close(), not after the default 30 s.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (state.holding.get(address.address) === 'recipient') return;
      if (state.refusing) {
        const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const held = session.envelope.rcptTo.some(({ address }) => state.holding.get(address) === 'data');
      simpleParser(stream).then(
        (mail) => {
          state.received.push(mail);
          if (!held) callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that dies mid-conversation (a killed worker) resets its connection: not the server's error.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') console.error('test SMTP server:', error);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/** Waits until the condition holds, polling; fails after the timeout. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
