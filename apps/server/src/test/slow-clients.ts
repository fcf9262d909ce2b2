import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';

export const MB = 1024 * 1024;
/** Just under the body limit (1 MB): what a slow client can make the server hold per request. */
const ALMOST_A_MEGABYTE = Buffer.alloc(MB - 1024, 'a');

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

export interface SlowClient {
  /** Everything the server sent back. */
  answer(): string;
  /** The answer's status (0: none came). */
  status(): number;
  /** Resolves when the server closed the connection: how long after the first byte and after the last. */
  closed: Promise<{ sinceFirstByte: number; sinceLastByte: number }>;
}

/**
 * A client at `address` (any of 127.0.0.0/8 reaches the loopback) that announces a body of 1 MB
 * to the shop webhook (which reads its body before anything else), sends all of it but the last
 * kilobyte, and then sends nothing more. `headers` are added (an X-Forwarded-For).
 */
export function slowClient(port: number, address: string, headers = ''): Promise<SlowClient> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
    let answer = '';
    const started = Date.now();
    let sent = Infinity;
    const closed = new Promise<{ sinceFirstByte: number; sinceLastByte: number }>((done) =>
      socket.once('close', () =>
        done({ sinceFirstByte: Date.now() - started, sinceLastByte: Date.now() - sent }),
      ),
    );
    const client = { answer: () => answer, status: () => Number(answer.slice(9, 12)), closed };
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    // A refused client's connection is closed while it still writes.
    socket.on('error', () => resolve(client));
    socket.once('connect', () => {
      socket.write(
        'POST /api/v1/shop/webhook HTTP/1.1\r\nHost: portal\r\n' +
          `${headers}Content-Type: application/json\r\nContent-Length: ${MB}\r\n\r\n`,
      );
      socket.write(ALMOST_A_MEGABYTE, () => {
        sent = Date.now();
        resolve(client);
      });
    });
  });
}

/** The raw answer to a GET sent from `address`. */
export function getFrom(port: number, address: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('close', () => resolve(answer));
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: portal\r\nConnection: close\r\n\r\n`);
  });
}

/** What the JavaScript heap and its buffers (a request's body arrives in buffers) hold after a full collection. */
export function heapInUse(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/**
 * Samples what the heap and buffers hold above `base` every 100 ms (without a collection each
 * time, which would stall the server in this very process); `stop()` answers the most.
 */
export function sampleHeld(base: number): { stop(): number } {
  let held = 0;
  const sampling = setInterval(() => {
    const { heapUsed, external } = process.memoryUsage();
    held = Math.max(held, heapUsed + external - base);
  }, 100);
  return {
    stop() {
      clearInterval(sampling);
      return held;
    },
  };
}
