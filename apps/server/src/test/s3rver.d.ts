/** The part of s3rver (a CommonJS package without types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer: Server;
    /** Creates the configured buckets and listens; resolves with the server's address. */
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
