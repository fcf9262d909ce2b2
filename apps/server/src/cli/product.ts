/**
 * Publishes product files for the download area on any database and storage (the configured
 * DATA_DIR/STORAGE_URL, or DATABASE_URL):
 *
 *   npm run product -- publish <product> <version> [--platform <platform>] <file>
 *   npm run product -- list
 *
 * The file is copied into storage and becomes the latest version of its product (and platform).
 */
import { parseArgs } from 'node:util';
import { formatDateTime, METASEARCH_PLATFORMS, RELEASE_PRODUCTS } from '@lizenzportal/domain';
import { loadConfig } from '../config.ts';
import { createFileStorage } from '../lib/storage/create-file-storage.ts';
import { ProductReleases, PublicationError } from '../modules/downloads/index.ts';
import { runCommand, withDatabase } from './command.ts';

const USAGE = `Usage:
  npm run product -- publish <product> <version> [--platform <platform>] <file>
  npm run product -- list

Products:  ${RELEASE_PRODUCTS.join(', ')}
Platforms: ${METASEARCH_PLATFORMS.join(', ')} (metasearch only)`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { platform: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'publish' && command !== 'list') {
    console.log(`Unknown command "${command}".\n${USAGE}`);
    return 1;
  }
  if (command === 'publish' && rest.length !== 3) {
    console.log(`publish takes a product, a version and a file.\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  return withDatabase(config, async (database) => {
    const releases = new ProductReleases(database.db, createFileStorage(config));
    if (command === 'list') {
      const latest = await releases.latestOfEach();
      if (latest.length === 0) console.log('Nothing published yet.');
      for (const row of latest) {
        const name = row.platform ? `${row.product} (${row.platform})` : row.product;
        console.log(
          `${name.padEnd(34)} ${row.version.padEnd(12)} ${String(row.size).padStart(12)} bytes  ${row.file_name}  ${formatDateTime(row.published_at)}`,
        );
      }
      return 0;
    }
    const [product, version, file] = rest as [string, string, string];
    try {
      const row = await releases.publish({ product, version, platform: values.platform, file });
      const name = row.platform ? `${row.product} (${row.platform})` : row.product;
      console.log(
        `Published ${name} ${row.version} (${row.size} bytes) as ${row.file_name}; it is now the latest.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof PublicationError) {
        console.log(`${error.message}\nNothing was published.`);
        return 1;
      }
      throw error;
    }
  });
}

runCommand(main);
