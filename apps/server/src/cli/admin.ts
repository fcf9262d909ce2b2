/**
 * Manages back-office admins on any database (the embedded one under DATA_DIR, or DATABASE_URL):
 *
 *   npm run admin -- list
 *   npm run admin -- create <name> [--password <password>]
 *   npm run admin -- reset <name> [--password <password>]
 *
 * Without --password a strong password is generated and printed once.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { AdminAccounts } from '../modules/auth/index.ts';
import { formatDateTime } from '@lizenzportal/domain';
import { runCommand, withDatabase } from './command.ts';

const USAGE = `Usage:
  npm run admin -- list
  npm run admin -- create <name> [--password <password>]
  npm run admin -- reset <name> [--password <password>]`;

const MIN_PASSWORD_LENGTH = 10;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, name] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if ((command === 'create' || command === 'reset') && !name) {
    console.log(`The name of the admin is missing.\n${USAGE}`);
    return 1;
  }
  if (values.password !== undefined && values.password.length < MIN_PASSWORD_LENGTH) {
    console.log(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
    return 1;
  }

  return withDatabase(loadConfig(), async (database) => {
    const admins = new AdminAccounts(database.db);
    const password = values.password ?? crypto.randomBytes(12).toString('base64url');
    switch (command) {
      case 'list': {
        const rows = await admins.list();
        if (rows.length === 0) console.log('No admins yet. Create one with: npm run admin -- create <name>');
        for (const row of rows)
          console.log(`${row.name.padEnd(30)} created ${formatDateTime(row.created_at)}`);
        return 0;
      }
      case 'create': {
        if (await admins.findByName(name!)) {
          console.log(`Admin "${name}" exists already; use "reset" to set a new password.`);
          return 1;
        }
        await admins.create(name!, password);
        console.log(`Admin "${name}" created.${values.password ? '' : ` Password: ${password}`}`);
        return 0;
      }
      case 'reset': {
        if (!(await admins.resetPassword(name!, password))) {
          console.log(`There is no admin "${name}". Existing admins: npm run admin -- list`);
          return 1;
        }
        console.log(`Password of "${name}" reset.${values.password ? '' : ` New password: ${password}`}`);
        return 0;
      }
      default:
        console.log(`Unknown command "${command}".\n${USAGE}`);
        return 1;
    }
  });
}

runCommand(main);
