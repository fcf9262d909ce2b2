import { formatLicenseKey, formatStartCode, type License, type LicenseCreate } from '@lizenzportal/domain';
import type { AdminAccounts } from '../modules/auth/index.ts';
import { type LicenseService, toLicense } from '../modules/licenses/index.ts';
import type { DocumentService } from '../modules/documents/index.ts';
import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRowUpdate } from '../db/schema.ts';

export const DEMO_ADMIN = { username: 'admin', password: 'demo-passwort' } as const;

interface DemoLicense {
  label: string;
  create: Partial<Omit<LicenseCreate, 'properties'>> & { properties: Partial<LicenseCreate['properties']> };
  /** Applied after creation: binding, disabling. */
  then?: (created: Record<string, License>) => LicenseRowUpdate;
}

const bind =
  (holderType: 'person' | 'organization', name: string, email: string, contact: string | null) => () =>
    ({
      status: 'bound',
      authentication_code: name,
      holder_type: holderType,
      holder_name: name,
      holder_email: email,
      holder_contact: contact,
      bound_at: new Date(),
    }) satisfies LicenseRowUpdate;

/** The bound DVD license that the disabled version 8 license was updated to. */
const UPDATED_DVD_LICENSE = 'v9 Pro, 25 Plätze, DVD, gebunden';

/** One license per situation the portal distinguishes: v8/v9, each class, delivery and status. */
const DEMO_LICENSES: DemoLicense[] = [
  { label: 'v9 Pro, 10 Plätze, Download, ungebunden', create: { properties: { class: 'pro', size: 10 } } },
  {
    label: 'v9 Persönlich, Download, gebunden',
    create: { properties: { class: 'personal', size: 1 } },
    then: bind('person', 'Łukasz Nowak-Wiśniewski', 'lukasz@example.com', null),
  },
  {
    label: UPDATED_DVD_LICENSE,
    create: { properties: { class: 'pro', size: 25, delivery: 'dvd', dvdCount: 2 } },
    then: bind(
      'organization',
      'Förderzentrum am See',
      'verwaltung@foerderzentrum.example',
      'Erika Mustermann',
    ),
  },
  {
    label: 'v8 Einzellizenz, Download, gebunden',
    create: { version: '8', properties: { class: 'single', size: 1 } },
    then: bind('person', 'Maria Musterfrau', 'maria@example.com', null),
  },
  {
    label: 'v8 Mehrfachlizenz, 5 Plätze, DVD, ungebunden',
    create: { version: '8', properties: { class: 'multiple', size: 5, delivery: 'dvd' } },
  },
  {
    label: 'v8 Serverlizenz, 20 Plätze, Download, gebunden',
    create: { version: '8', properties: { class: 'server', size: 20 } },
    then: bind('organization', 'Schule am Park Berlin', 'it@schule-am-park.example', 'Jonas Çelik'),
  },
  {
    label: 'v8 Mehrfachlizenz, deaktiviert (auf v9 aktualisiert)',
    create: { version: '8', properties: { class: 'multiple', size: 25 } },
    then: (created) => ({
      ...bind(
        'organization',
        'Förderzentrum am See',
        'verwaltung@foerderzentrum.example',
        'Erika Mustermann',
      )(),
      status: 'disabled',
      updated_to_license: created[UPDATED_DVD_LICENSE]!._id,
    }),
  },
];

function demoCreateInput(demo: DemoLicense): LicenseCreate {
  return {
    version: '9',
    specialPermissions: [],
    notes: 'Demo-Lizenz',
    // Generated right here, before binding, so every demo license has the documents it would have.
    generateStarterDocument: false,
    count: 1,
    ...demo.create,
    properties: {
      class: 'pro',
      size: 1,
      type: 'full',
      delivery: 'download',
      dvdCount: 0,
      ...demo.create.properties,
    },
  };
}

/**
 * Fills an empty database with an admin and demo licenses and returns the sign-in overview to
 * print; returns undefined when the database already holds data. With `initialAdmin` (the name
 * of ADMIN_USERNAME, created by the caller) no demo admin is made.
 */
export async function seedDemoData(deps: {
  /** The demo's later states (bound, disabled, updated) are written as they are, as fixtures. */
  db: Kysely<DB>;
  licenses: LicenseService;
  admins: AdminAccounts;
  documents: DocumentService;
  initialAdmin?: string | undefined;
}): Promise<string | undefined> {
  if ((await deps.admins.count()) > 0) return undefined;
  if (!deps.initialAdmin) await deps.admins.createOrReset(DEMO_ADMIN.username, DEMO_ADMIN.password);
  const adminName = deps.initialAdmin ?? DEMO_ADMIN.username;
  const created: Record<string, License> = {};
  const lines: string[] = [];
  for (const demo of DEMO_LICENSES) {
    const [license] = await deps.licenses.create(demoCreateInput(demo), {
      typeOfEntry: 'manual',
      entryReference: adminName,
    });
    await deps.documents.generateStarterDocument(license!._id);
    const changed =
      demo.then &&
      (await deps.db
        .updateTable('license')
        .set({ ...demo.then(created), updated_at: sql<Date>`now()` })
        .where('id', '=', license!._id)
        .returningAll()
        .executeTakeFirst());
    if (changed?.status === 'bound') await deps.documents.generateLicenseDocument(changed.id);
    const current = changed ? toLicense(changed) : license!;
    created[demo.label] = current;
    const code =
      current.status === 'unbound'
        ? `Startcode ${formatStartCode(current.startCode)}`
        : `Lizenznehmer „${current.authenticationCode}“`;
    lines.push(`  ${formatLicenseKey(current.key)}  ${code.padEnd(40)}  ${demo.label}`);
  }
  return [
    'Demo data created. Sign in with:',
    deps.initialAdmin
      ? `  Back office  /backend/login  user "${deps.initialAdmin}" with the password of ADMIN_PASSWORD`
      : `  Back office  /backend/login  user "${DEMO_ADMIN.username}", password "${DEMO_ADMIN.password}"`,
    '  Customer     /login          license key plus start code (unbound) or holder name (bound):',
    ...lines,
  ].join('\n');
}
