import type { License } from '@lizenzportal/domain';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { queuedJobs } from '../../test/database.ts';

const ctx = useTestApp();

async function signIn(license: License): Promise<{ authorization: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.authenticationCode },
  });
  return { authorization: `Bearer ${response.json().data.token}` };
}

const organization = {
  holderType: 'organization',
  name: 'Förderschule am Stadtpark',
  contact: 'Jonas Çelik',
  email: 'verwaltung@schule.example',
  emailConfirmation: 'verwaltung@schule.example',
};

function bind(license: License, headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/license/${license._id}/holder`, headers, payload });
}

async function stored(license: License) {
  return ctx.app.services.licenses.findById(license._id);
}

describe('binding a license to its holder', () => {
  test('binds an unbound pro license to an organization; the holder name is the new sign-in code', async () => {
    const license = await ctx.createLicense({ properties: { class: 'pro', size: 10 } });
    const response = await bind(license, await signIn(license), organization);
    expect(response.statusCode).toBe(200);
    const bound = response.json().data.license;
    expect(bound).toMatchObject({
      status: 'bound',
      authenticationCode: 'Förderschule am Stadtpark',
      holder: {
        holderType: 'organization',
        name: 'Förderschule am Stadtpark',
        email: 'verwaltung@schule.example',
        contact: 'Jonas Çelik',
      },
    });
    expect(bound.boundAt).not.toBeNull();

    // The license document is stored and mailed by jobs committed with the binding.
    expect(await queuedJobs(ctx.database, 'generate-document')).toEqual([
      { licenseId: license._id, kind: 'license' },
    ]);
    const deliveries = await ctx.app.services.deliveries.forLicense(license._id);
    expect(deliveries).toEqual([
      expect.objectContaining({
        occasion: 'bind',
        documentType: 'license',
        recipient: 'verwaltung@schule.example',
        recipientName: 'Förderschule am Stadtpark',
      }),
    ]);
    expect(await queuedJobs(ctx.database, 'send-delivery')).toEqual([{ deliveryId: deliveries[0]!._id }]);

    const byName = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: 'Förderschule am Stadtpark' },
    });
    expect(byName.statusCode).toBe(200);
    const byStartCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: license.startCode },
    });
    expect(errorOf(byStartCode).status).toBe(423);
  });

  test('a personal license is bound to a person without naming the type; an organization is refused', async () => {
    const license = await ctx.createLicense({ properties: { class: 'personal', size: 1 } });
    const headers = await signIn(license);
    const person = {
      name: 'Łukasz Nowak-Wiśniewski',
      email: 'lukasz@example.com',
      emailConfirmation: 'lukasz@example.com',
    };
    const refused = await bind(license, headers, {
      ...person,
      holderType: 'organization',
      contact: 'Jemand',
    });
    expect(errorOf(refused)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Die Angabe für das Feld „Lizenznehmer-Typ” ist ungültig.',
    });
    const response = await bind(license, headers, person);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.license.holder).toEqual({
      holderType: 'person',
      name: 'Łukasz Nowak-Wiśniewski',
      email: 'lukasz@example.com',
      contact: null,
    });
  });

  test.each([
    [{ name: 'Kurz' }, 'Name des Lizenznehmers muss mindestens 8 Zeichen lang sein.'],
    [{ name: 'x'.repeat(55) }, 'Name des Lizenznehmers darf höchstens 54 Zeichen lang sein.'],
    [{ name: '   ' }, 'Bitte machen Sie eine Angabe für „Name des Lizenznehmers”.'],
    [{ email: 'keine-adresse' }, 'Die Angabe für das Feld „E-Mail” ist ungültig.'],
    [
      { emailConfirmation: 'andere@schule.example' },
      'Die Wiederholung des Feldes „E-Mail” stimmt nicht überein.',
    ],
    [{ emailConfirmation: '' }, 'Bitte machen Sie eine Angabe für „E-Mail (Wiederholung)”.'],
    [{ contact: '' }, 'Bitte machen Sie eine Angabe für „Ansprechpartner”.'],
    [{ holderType: undefined }, 'Bitte machen Sie eine Angabe für „Lizenznehmer-Typ”.'],
    [{ privacyAccepted: true }, 'Unbekanntes Feld „privacyAccepted”.'],
  ])('refuses %j with a German 400 and changes nothing', async (change, message) => {
    const license = await ctx.createLicense({ properties: { class: 'multiple', size: 3 } });
    const response = await bind(license, await signIn(license), { ...organization, ...change });
    expect(errorOf(response)).toEqual({ status: 400, code: 'VALIDATION_FAILED', message });
    expect((await stored(license))?.status).toBe('unbound');
    expect(await queuedJobs(ctx.database, 'send-delivery')).toEqual([]);
  });

  test("only the license's own user binds it: another license, an admin and nobody are refused", async () => {
    const license = await ctx.createLicense();
    const other = await ctx.createLicense();
    expect(errorOf(await bind(license, await signIn(other), organization)).status).toBe(403);
    expect(errorOf(await bind(license, await ctx.adminHeaders(), organization)).status).toBe(403);
    expect(errorOf(await bind(license, {}, organization)).status).toBe(401);
    expect((await stored(license))?.status).toBe('unbound');
  });

  test('a bound license is not bound again: 409 and the holder stays', async () => {
    const license = await ctx.createLicense();
    const headers = await signIn(license);
    expect((await bind(license, headers, organization)).statusCode).toBe(200);
    const again = await bind(license, headers, { ...organization, name: 'Eine ganz andere Schule' });
    expect(errorOf(again)).toMatchObject({ status: 409, code: 'LICENSE_NOT_UNBOUND' });
    expect((await stored(license))?.holder_name).toBe('Förderschule am Stadtpark');
  });

  test('20 bindings at once: exactly one succeeds, 19 get 409, one delivery is made', async () => {
    const license = await ctx.createLicense();
    const headers = await signIn(license);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        bind(license, headers, { ...organization, name: `Schule Nummer ${index + 1}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    const winner = responses.find((response) => response.statusCode === 200)!.json().data.license;
    expect((await stored(license))?.authentication_code).toBe(winner.holder.name);
    expect(await ctx.app.services.deliveries.forLicense(license._id)).toHaveLength(1);
    expect(await queuedJobs(ctx.database, 'generate-document')).toHaveLength(1);
  });
});
