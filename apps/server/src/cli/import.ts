/**
 * Imports the vendor's existing licenses from a file (decision 061), on any database (the
 * embedded one under DATA_DIR with the portal stopped, or DATABASE_URL):
 *
 *   npm run import -- licenses <file> [--dry-run] [--only-valid] [--mapping <mapping.json>]
 *
 * The file is the portal's own license export (CSV, `;` or `,`, UTF-8 or Windows-1252) or JSON
 * (one object per license, the API's field names; a list, or one object per line). `--mapping`
 * names a JSON file mapping the file's column titles to the portal's fields. Prints the run's
 * counts and every finding; exits with 1 when nothing was imported for an error.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  importMappingSchema,
  LICENSE_IMPORT_STATUS_LABELS,
  licenseImportMessages,
  type ImportMapping,
} from '@lizenzportal/domain';
import { loadConfig } from '../config.ts';
import { LicenseImportService, type ImportOutcome } from '../modules/license-import/index.ts';
import { runCommand, withDatabase } from './command.ts';

const USAGE = `Usage:
  npm run import -- licenses <file> [--dry-run] [--only-valid] [--mapping <mapping.json>]

  --dry-run      check the file and report; import nothing
  --only-valid   import the valid rows of a file with errors (else such a file imports nothing)
  --mapping      a JSON object mapping the file's column titles to fields ("Kunde": "holder.name", "Alt": null)`;

function readMapping(file: string): ImportMapping | string {
  if (!fs.existsSync(file)) return `No such mapping file: ${file}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return `${file} is not valid JSON: ${(error as Error).message}`;
  }
  const mapping = importMappingSchema().safeParse(parsed);
  return mapping.success
    ? mapping.data
    : `${file} is no mapping: a JSON object of column titles and field names (or null) is expected.`;
}

export function summary(outcome: ImportOutcome, dryRun: boolean): string {
  const number = (value: number) => value.toLocaleString('de-DE');
  return [
    `${LICENSE_IMPORT_STATUS_LABELS[outcome.status]}: ${outcome.file.name} (SHA-256 ${outcome.file.sha256}, ${outcome.file.encoding})`,
    `  Zeilen gelesen: ${number(outcome.rowsRead)}`,
    `  ${dryRun || outcome.status !== 'completed' ? 'Zu importieren' : 'Importiert'}: ${number(outcome.imported)}`,
    `  Unverändert im Portal: ${number(outcome.unchanged)}`,
    `  Abweichend im Portal: ${number(outcome.different)}`,
    `  Fehlerhafte Zeilen: ${number(outcome.invalid)}`,
  ].join('\n');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean' },
      'only-valid': { type: 'boolean' },
      mapping: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [what, file] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (what !== 'licenses' || !file || positionals.length > 2) {
    console.log(USAGE);
    return 1;
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.log(`No such file: ${file}`);
    return 1;
  }
  const mapping = values.mapping === undefined ? {} : readMapping(values.mapping);
  if (typeof mapping === 'string') {
    console.log(mapping);
    return 1;
  }
  const dryRun = values['dry-run'] ?? false;
  return withDatabase(loadConfig(), async (database) => {
    const imports = new LicenseImportService(database.db);
    const outcome = await imports.run({
      path: file,
      fileName: path.basename(file),
      actor: licenseImportMessages.cliActor(os.userInfo().username),
      dryRun,
      onlyValid: values['only-valid'] ?? false,
      mapping,
    });
    const run = await imports.findRun(outcome.run);
    const kind = run?.format === 'json-array' ? 'entry' : 'line';
    for await (const findings of imports.findings(outcome.run)) {
      for (const finding of findings) {
        console.log(
          `${licenseImportMessages.location(kind, finding.line, finding.column_title)}: ${finding.message}`,
        );
      }
    }
    console.log(summary(outcome, dryRun));
    return outcome.status === 'completed' || outcome.status === 'checked' ? 0 : 1;
  });
}

runCommand(main);
