import { licenseImportMessages, readImportRow, REQUIRED_IMPORT_FIELDS } from '@lizenzportal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { LicenseImportRepository } from './repository.ts';

/**
 * A run as an import records it at its start (decision 082): running, its heartbeat now, and with
 * `staged` one license staged on line 2 — its process may die now. The server's tests and the
 * browser tests set up runs with it.
 */
export async function startedImportRun(
  db: Kysely<DB>,
  fileName: string,
  {
    actor = licenseImportMessages.cliActor('test'),
    dryRun = false,
    mapping = {},
    staged = false,
  }: { actor?: string; dryRun?: boolean; mapping?: Record<string, string | null>; staged?: boolean } = {},
): Promise<string> {
  const runs = new LicenseImportRepository(db);
  const run = await runs.createRun({
    actor,
    fileName,
    sha256: '0'.repeat(64),
    bytes: 1,
    format: 'csv',
    encoding: 'utf-8',
    dryRun,
    onlyValid: false,
    mapping,
  });
  if (staged) {
    const row = {
      key: 'ABCDEFGHJKMN',
      startCode: '123456',
      version: '8',
      status: 'unbound',
      'properties.class': 'single',
    };
    await runs.stage(run, [
      {
        line: 2,
        license: readImportRow(row, new Set(REQUIRED_IMPORT_FIELDS)).license!,
        note: licenseImportMessages.auditNote(fileName, 2),
      },
    ]);
  }
  return run;
}

/** The run's last heartbeat, `seconds` ago by the database's clock: its process stopped then. */
export async function lastHeartbeat(db: Kysely<DB>, run: string, seconds: number): Promise<void> {
  await sql`update license_import_run set heartbeat_at = now() - make_interval(secs => ${seconds})
    where id = ${run}`.execute(db);
}
