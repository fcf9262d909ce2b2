/**
 * What an earlier release of this repository left behind, for the upgrade test (upgrade.test.ts):
 * its PostgreSQL database as plain SQL and its stored files, made once by
 * `scripts/make-upgrade-fixture.ts` running that release (decision 038).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The release: main just before the two 007 migrations were told apart (decision 036) and before
 * migrations 016–018, with the same PGlite and pg-boss versions as today's.
 */
export const EARLIER_RELEASE_COMMIT = '56a7f2b07ec54301075f66d340edb27d28d7e741';

/** Where the fixture of that release lies: `database.sql`, `files/` (DATA_DIR/files), `manifest.json`. */
export const EARLIER_RELEASE_FIXTURE = path.join(
  import.meta.dirname,
  'fixtures',
  `release-${EARLIER_RELEASE_COMMIT.slice(0, 7)}`,
);

/** The secrets the earlier release ran with; today's release starts with the same. */
export const EARLIER_RELEASE_SECRETS = {
  JWT_SECRET: 'upgrade-fixture-jwt-secret-'.repeat(2),
  SHOP_WEBHOOK_SECRET: 'upgradeFixtureWebhookSecret0123456789',
  SHOP_CART_SIGNING_KEY: 'upgradeFixtureCartSigningKey0123456789',
} as const;

/** What the fixture's maker did, to check the fixture against (manifest.json). */
export interface FixtureManifest {
  commit: string;
  /** The migrations the earlier release had applied, as it named them. */
  migrations: string[];
  /** The shop orders posted to its webhook, by number. */
  orders: string[];
  /** The offer requested through its API. */
  offerNumber: string;
  /** Rows per table when it stopped. */
  rows: Record<string, number>;
}

export function readFixtureManifest(): FixtureManifest {
  return JSON.parse(
    fs.readFileSync(path.join(EARLIER_RELEASE_FIXTURE, 'manifest.json'), 'utf8'),
  ) as FixtureManifest;
}

/** The database as the earlier release left it: plain SQL statements (pg_dump --inserts). */
export function readFixtureSql(): string {
  return fs.readFileSync(path.join(EARLIER_RELEASE_FIXTURE, 'database.sql'), 'utf8');
}
