import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.ts';

/**
 * libpq's environment for a `postgres://` URL: the tools get the password there, never on their
 * command line (which every user of the machine can read in the process list).
 */
function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const environment: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname || url.searchParams.get('host') || 'localhost'),
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  if (url.username) environment['PGUSER'] = decodeURIComponent(url.username);
  if (url.password) environment['PGPASSWORD'] = decodeURIComponent(url.password);
  const sslMode = url.searchParams.get('sslmode');
  if (sslMode) environment['PGSSLMODE'] = sslMode;
  return environment;
}

/** Runs one of PostgreSQL's client tools on the database; its complaint becomes the error's message. */
export function runPostgresTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...libpqEnvironment(databaseUrl) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let complaint = '';
    child.stderr.on('data', (chunk: Buffer) => (complaint += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install PostgreSQL's client tools of the server's major version or later (Debian: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${complaint.trim() || 'no message'}`));
    });
  });
}
