import { backOfficeMessages, validationMessages } from '@lizenzportal/domain';
import { describe, expect, test } from 'vitest';
import { errorOf, fieldOf, useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

/** A new license and a save of it with changes, as the back office's editor sends it. */
async function editor() {
  const headers = await ctx.adminHeaders();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license',
    headers,
    payload: { generateStarterDocument: false, properties: { dvdCount: 0 } },
  });
  const [license] = created.json().data.licenses;
  return {
    license,
    save: (changes: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/license/${license._id}`,
        headers,
        payload: { ...license, ...changes },
      }),
  };
}

describe('a refused license edit names the field by its German label and its path', () => {
  test('a successor that is no id: the editor’s label „Aktualisiert auf Lizenz”, not the key', async () => {
    const { save } = await editor();
    const response = await save({ updatedToLicense: 'kaputt' });
    expect(errorOf(response)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: validationMessages.invalid('Aktualisiert auf Lizenz'),
    });
    expect(fieldOf(response)).toBe('updatedToLicense');
  });

  test('a successor that does not exist, or is the license itself: the field it is about', async () => {
    const { license, save } = await editor();
    const missing = await save({ updatedToLicense: '7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e' });
    expect(errorOf(missing).message).toBe(backOfficeMessages.successorMissing);
    expect(fieldOf(missing)).toBe('updatedToLicense');
    const itself = await save({ updatedToLicense: license._id });
    expect(errorOf(itself).message).toBe(backOfficeMessages.updatedToItself);
    expect(fieldOf(itself)).toBe('updatedToLicense');
  });

  test('every field of the editor by its label: nested ones by their dotted path', async () => {
    const { license, save } = await editor();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { authenticationCode: '' },
        'authenticationCode',
        validationMessages.required('Authentifizierungscode'),
      ],
      [{ productSKU: 'x'.repeat(51) }, 'productSKU', validationMessages.maxLength('Produkt-SKU', 50)],
      [{ typeOfEntry: 'irgendwas' }, 'typeOfEntry', validationMessages.invalid('Herkunft')],
      [
        { downloads: { ...license.downloads, metasearch: -1 } },
        'downloads.metasearch',
        validationMessages.invalid('Downloads von metasearch'),
      ],
      [
        { holder: { ...license.holder, email: 'kein-mail' } },
        'holder.email',
        validationMessages.invalid('E-Mail'),
      ],
    ];
    for (const [changes, field, message] of cases) {
      const response = await save(changes);
      expect({ field: fieldOf(response), message: errorOf(response).message }).toEqual({ field, message });
    }
  });

  test('an emptied successor field removes the successor instead of being refused', async () => {
    const { license, save } = await editor();
    const successor = (await editor()).license;
    const linked = await save({ updatedToLicense: successor._id });
    expect(linked.json().data.license.updatedToLicense).toBe(successor._id);
    const emptied = await save({ revision: linked.json().data.license.revision, updatedToLicense: ' ' });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().data.license.updatedToLicense).toBeNull();
    expect(license.updatedToLicense).toBeNull();
  });

  test('a problem of no single field names none', async () => {
    const { save } = await editor();
    const response = await save({ unbekannt: 1 });
    expect(errorOf(response).status).toBe(400);
    expect(fieldOf(response)).toBeUndefined();
  });
});

describe('a version 9 license has its DVD count (customer spec §3: „dvdCount (version 9)”)', () => {
  test('creating one without it is refused by the field, a version 8 one is not; saving one without it is refused', async () => {
    const headers = await ctx.adminHeaders();
    const create = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/license',
        headers,
        payload: { generateStarterDocument: false, ...payload },
      });
    const without = await create({ version: '9', properties: { class: 'pro', size: 3 } });
    expect(errorOf(without)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: validationMessages.required('DVD-Anzahl'),
    });
    expect(fieldOf(without)).toBe('properties.dvdCount');
    const version8 = await create({ version: '8', properties: { class: 'single', size: 1 } });
    expect(version8.statusCode).toBe(201);
    expect(version8.json().data.licenses[0].properties.dvdCount).toBeNull();
    const withDvds = await create({ version: '9', properties: { class: 'pro', size: 3, dvdCount: 2 } });
    expect(withDvds.json().data.licenses[0].properties.dvdCount).toBe(2);

    const { save } = await editor();
    const saved = await save({
      properties: { class: 'pro', type: 'full', size: 1, delivery: 'download', dvdCount: null },
    });
    expect(errorOf(saved)).toMatchObject({ status: 400, message: validationMessages.required('DVD-Anzahl') });
    expect(fieldOf(saved)).toBe('properties.dvdCount');
  });
});
