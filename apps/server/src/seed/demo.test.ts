import { expect, test } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { DEMO_ADMIN, seedDemoData } from './demo.ts';

const ctx = useTestApp();

test('fills an empty database once with an admin and licenses of every kind, with their documents', async () => {
  const { admins, licenses, documents } = ctx.app.services;
  const overview = await seedDemoData({
    db: ctx.database.db,
    admins,
    licenses,
    documents: documents.documents,
  });
  expect(overview).toContain(`user "${DEMO_ADMIN.username}", password "${DEMO_ADMIN.password}"`);

  const { rows: all } = await licenses.list({
    limit: undefined,
    skip: 0,
    orderBy: [],
    where: undefined,
    searches: false,
  });
  expect(new Set(all.map((license) => license.version))).toEqual(new Set(['8', '9']));
  expect(new Set(all.map((license) => license.status))).toEqual(new Set(['unbound', 'bound', 'disabled']));
  expect(new Set(all.map((license) => license.properties.class))).toEqual(
    new Set(['single', 'multiple', 'server', 'pro', 'personal']),
  );
  expect(new Set(all.map((license) => license.properties.delivery))).toEqual(new Set(['download', 'dvd']));
  for (const license of all) {
    expect(license.starterDocument, license.key).not.toBeNull();
    if (license.status === 'bound') expect(license.licenseDocument, license.key).not.toBeNull();
    expect(overview).toContain(license.key.slice(0, 4));
  }
  const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/admin', payload: DEMO_ADMIN });
  expect(login.statusCode).toBe(200);

  expect(
    await seedDemoData({ db: ctx.database.db, admins, licenses, documents: documents.documents }),
  ).toBeUndefined();
});

test('with an initial admin configured, no demo admin is made and the overview names that admin', async () => {
  const { admins, licenses, documents } = ctx.app.services;
  const overview = await seedDemoData({
    db: ctx.database.db,
    admins,
    licenses,
    documents: documents.documents,
    initialAdmin: 'ops',
  });
  expect(overview).toContain('user "ops" with the password of ADMIN_PASSWORD');
  expect(await admins.count()).toBe(0);
});
