import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { vi } from 'vitest';

/** The key pair the test server accepts: requests signed with any other are refused. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * Gives this process the test server's credentials as production gives the portal its own: in the
 * AWS_* variables the AWS SDK reads. Stubbed for the file's tests (vitest.setup.ts undoes them).
 */
export function stubS3Credentials(): void {
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3_TEST_CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3_TEST_CREDENTIALS.secretAccessKey);
  vi.stubEnv('AWS_REGION', 'eu-central-1');
}

export interface TestS3Server {
  /** Where the portal reaches it (`S3_ENDPOINT`). */
  endpoint: string;
  bucket: string;
  /** Every request the server received, as `METHOD /path?query`, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A real S3-compatible HTTP server in the test process (s3rver: objects in a temporary directory,
 * AWS signature V4 checked), with one empty bucket, on a free port.
 */
export async function startS3Server(bucket = 'lizenzportal-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const requests: string[] = [];
  server.httpServer.prependListener('request', (request: IncomingMessage) => {
    requests.push(`${request.method} ${request.url}`);
  });
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    requests,
    close: async () => {
      // Keep-alive connections of the SDK's agent would hold close() open.
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
