/** Test data for browser tests, written through the test server's own services. */
import {
  licenseCreateSchema,
  toShopOrder,
  wooCommerceOrderSchema,
  type License,
  type LicenseCreate,
  type LoginResponse,
  type UpgradeSession,
} from '@lizenzportal/domain';
import {
  newPurchaseRequest,
  OrderGenerationRepository,
  setLicenseRow,
  type TestServer,
} from '@lizenzportal/server/testing';

type LicenseInput = Partial<Omit<LicenseCreate, 'properties'>> & {
  properties?: Partial<LicenseCreate['properties']>;
};

/**
 * Licenses as the back office creates them, but without starter documents: no page under test
 * shows them, and the test server runs no job worker.
 */
export async function createLicense(server: TestServer, input: LicenseInput = {}): Promise<License> {
  const [license] = await server.app.services.licenses.create(
    licenseCreateSchema().parse({
      generateStarterDocument: false,
      ...input,
      properties: { dvdCount: 0, ...input.properties },
    }),
    { typeOfEntry: 'manual', entryReference: 'browser-test' },
  );
  return license!;
}

export interface HolderInput {
  name: string;
  email?: string;
  holderType?: 'person' | 'organization';
  contact?: string | null;
}

/** Binds a license as the holder binding does: the holder name becomes the authentication code. */
export async function bindLicense(
  server: TestServer,
  license: License,
  holder: HolderInput,
): Promise<License> {
  await setLicenseRow(server.app.services.database.db, license._id, {
    status: 'bound',
    authentication_code: holder.name,
    holder_name: holder.name,
    holder_type: holder.holderType ?? 'person',
    holder_email: holder.email ?? 'holder@example.com',
    holder_contact: holder.contact ?? null,
    bound_at: new Date(),
  });
  return { ...license, status: 'bound', authenticationCode: holder.name };
}

export async function disableLicense(server: TestServer, license: License): Promise<void> {
  await setLicenseRow(server.app.services.database.db, license._id, { status: 'disabled' });
}

export const ADMIN = { username: 'verwaltung', password: 'ein-sicheres-passwort' } as const;

export async function createAdmin(server: TestServer): Promise<void> {
  await server.app.services.admins.createOrReset(ADMIN.username, ADMIN.password);
}

async function post(server: TestServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A token of the license, as the login returns it (the start code while unbound, the holder name once bound). */
export async function licenseToken(server: TestServer, license: License): Promise<string> {
  const response = await post(server, '/auth/license', {
    key: license.key,
    authenticationCode: license.authenticationCode,
  });
  return ((await response.json()) as { data: LoginResponse }).data.token;
}

export async function adminToken(server: TestServer): Promise<string> {
  await createAdmin(server);
  const response = await post(server, '/auth/admin', ADMIN);
  return ((await response.json()) as { data: LoginResponse }).data.token;
}

/** Failed sign-ins until the server's throttle answers 429 for this license. */
export async function exhaustSignInAttempts(server: TestServer, license: License): Promise<void> {
  for (;;) {
    const response = await post(server, '/auth/license', { key: license.key, authenticationCode: '000000' });
    if (response.status === 429) return;
  }
}

/**
 * A record of the download log, as a link the license's holder asked for and then loaded a third
 * of, or in full (the release catalogue is not needed to show it).
 */
export async function recordDownload(
  server: TestServer,
  license: License,
  download: {
    object?: 'software' | 'metasearch';
    product?: string;
    platform?: string;
    version?: string;
    completed?: boolean;
  } = {},
): Promise<string> {
  const row = await server.database.db
    .insertInto('download')
    .values({
      license: license._id,
      object: download.object ?? 'software',
      product: download.product ?? `software-${license.version}`,
      platform: download.platform ?? null,
      version: download.version ?? `${license.version}.2.0`,
      size: 2_115_000_000,
      bytes_sent: download.completed ? 2_115_000_000 : 705_000_000,
      completed_at: download.completed ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The mail of Praxis Lindenhof's license document for an order, as the intake records it (unsent:
 * no job worker runs), with the bound license it is about.
 */
export async function createDelivery(server: TestServer, orderGeneration?: string) {
  const license = await bindLicense(server, await createLicense(server), { name: 'Praxis Lindenhof' });
  const delivery = await server.app.services.deliveries.create({
    occasion: 'order',
    documentType: 'license',
    licenseIds: [license._id],
    recipient: 'praxis@example.com',
    recipientName: 'Praxis Lindenhof',
    orderGeneration,
  });
  return { license, delivery };
}

/** A new purchase's upgrade session as the assistant opens it: 10 pro seats with a DVD, to Germany. */
export async function createUpgradeSession(server: TestServer): Promise<UpgradeSession> {
  const { session } = await server.app.services.upgradeSessions.create(newPurchaseRequest());
  return session;
}

const DAY_MS = 86_400_000;

/**
 * The session's offer as the back office sends one: made `madeDaysAgo` days ago, valid for
 * `validDays` more days.
 */
export async function offerSession(
  server: TestServer,
  session: UpgradeSession,
  offer: { number: string; code: string; madeDaysAgo: number; validDays: number },
): Promise<void> {
  await server.database.db
    .updateTable('upgrade_session')
    .set({
      status: 'offered',
      offer_number: offer.number,
      offer_code: offer.code,
      offered_at: new Date(Date.now() - offer.madeDaysAgo * DAY_MS),
      offer_valid_until: new Date(Date.now() + offer.validDays * DAY_MS),
    })
    .where('id', '=', session._id)
    .execute();
}

/** An offer the back office made 27 days ago that runs out in 3 days (A-2026-0001), of a new session. */
export async function createExpiringOffer(server: TestServer): Promise<UpgradeSession> {
  const session = await createUpgradeSession(server);
  await offerSession(server, session, {
    number: 'A-2026-0001',
    code: 'abcdefghk',
    madeDaysAgo: 27,
    validDays: 3,
  });
  return session;
}

/** Shop order 4711's order generation as the intake records it, before its work starts: its id. */
export async function createOrderGeneration(server: TestServer): Promise<string> {
  const generation = await new OrderGenerationRepository(server.database.db).insert({
    order_number: '4711',
    shop_order_id: null,
    upgrade_session: null,
    note: null,
    error: null,
  });
  return generation.id;
}

/**
 * A paid shop order through the shop's intake (its generation waits: the test server works no
 * jobs): two pro seats of a new purchase, 119,00 € with 19,00 € tax.
 */
export async function receivePaidOrder(server: TestServer, number: number): Promise<void> {
  const order = wooCommerceOrderSchema.parse({
    id: number,
    number: String(number),
    status: 'processing',
    date_paid_gmt: new Date().toISOString(),
    total: '119.00',
    total_tax: '19.00',
    billing: { first_name: 'Erika', last_name: 'Mustermann', email: 'erika@example.com' },
    meta_data: [{ key: 'purchase_type', value: 'new' }],
    line_items: [{ id: 1, name: 'Pro-Lizenz Version 9', product_id: 801, sku: 'M9-PRO', quantity: 2 }],
  });
  await server.app.services.shop.intake.receive(toShopOrder(order));
}

/**
 * A bound holder's contact change as „Kontakt ändern” asks for it (from 127.0.0.1), and the token
 * of the link its mail carries (read from the mail as recorded: no job worker sends it).
 */
export async function requestContactChange(
  server: TestServer,
  license: License,
  change: { contact?: string; email: string },
): Promise<string> {
  const row = await server.app.services.licenses.findById(license._id);
  await server.app.services.contactChanges.request(
    license._id,
    { type: 'license', licenseId: license._id, license: row! },
    { ...change, emailConfirmation: change.email },
    '127.0.0.1',
  );
  const mail = await server.database.db
    .selectFrom('delivery')
    .select('text_content')
    .where('occasion', '=', 'contact-confirmation')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return decodeURIComponent(/\?link=(\S+)/.exec(mail.text_content)![1]!);
}
