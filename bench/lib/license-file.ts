import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { LICENSE_KEY_ALPHABET, withAutomaticPermissions } from '@lizenzportal/domain';
import { LICENSE_CSV } from '../../apps/server/src/modules/licenses/csv.ts';

const FIRST_NAMES = ['Jürgen', 'Anna', 'Lukas', 'Sophie', 'Björn', 'Elif', 'Maximilian', 'Zoë'];
const LAST_NAMES = ['Müller', 'Schäfer', 'Weiß', 'Öztürk', 'Groß', 'Becker', 'Hoffmann', 'Krüger'];
const CLASSES = ['single', 'multiple', 'server', 'pro', 'personal'] as const;

/** The i-th of the generated keys: distinct, in the portal's own alphabet (no 0, O, 1, I). */
function keyOf(index: number): string {
  let rest = index * 7919 + 104_729;
  let key = '';
  for (let position = 0; position < 12; position++) {
    key += LICENSE_KEY_ALPHABET[rest % 32];
    rest = Math.floor(rest / 32);
  }
  return key;
}

/**
 * The i-th generated license, shaped as the API returns it: a third bound (German names, e-mail,
 * contact), every tenth disabled and updated to the next license, notes with `;`, quotes and line breaks now and then.
 */
export function generatedLicense(index: number, ids: (index: number) => string) {
  const klass = CLASSES[index % CLASSES.length]!;
  const delivery = index % 4 === 0 ? 'dvd' : 'download';
  const bound = index % 3 === 0;
  const name = `${FIRST_NAMES[index % 8]} ${LAST_NAMES[(index >> 3) % 8]} ${index}`;
  const created = new Date(Date.UTC(2021, 0, 1) + (index % 1000) * 86_400_000 + index * 1000);
  const version = (['7', '8', '9'] as const)[index % 3]!;
  return {
    _id: ids(index),
    key: keyOf(index),
    startCode: String(100_000 + ((index * 7_901) % 900_000)),
    version,
    status: index % 10 === 9 ? 'disabled' : bound ? 'bound' : 'unbound',
    properties: {
      class: klass,
      type: index % 5 === 0 ? 'update' : 'full',
      size: klass === 'personal' ? 1 : 1 + (index % 40),
      delivery,
      dvdCount: version === '9' ? index % 3 : null,
    },
    holder: bound
      ? {
          holderType: index % 2 === 0 ? 'person' : 'organization',
          name,
          contact: index % 2 === 0 ? null : `Frau ${LAST_NAMES[index % 8]}`,
          email: `kunde${index}@example.com`,
        }
      : {},
    authenticationCode: bound ? name : String(100_000 + ((index * 7_901) % 900_000)),
    boundAt: bound ? new Date(created.getTime() + 86_400_000).toISOString() : null,
    typeOfEntry: index % 2 === 0 ? 'manual' : 'order',
    entryReference: index % 2 === 0 ? null : `B-${index}`,
    notes: index % 50 === 0 ? `Schule; Haus "B"\nRaum ${index}` : null,
    specialPermissions: withAutomaticPermissions([], { class: klass, delivery }),
    downloads: { software: index % 7, metasearch: index % 3 },
    productSKU: index % 2 === 0 ? null : 'M9-PRO',
    extensionSKU: null,
    updatedToLicense: index % 10 === 9 ? ids(index + 1) : null,
    createdAt: created.toISOString(),
    updatedAt: created.toISOString(),
  };
}

/** Writes `count` generated licenses as the portal's license export (CSV) to `path`, a batch at a time. */
export async function writeLicenseCsv(path: string, count: number): Promise<void> {
  const namespace = crypto.randomUUID().slice(0, 24);
  const ids = (index: number) => `${namespace}${index.toString(16).padStart(12, '0')}`;
  const out = fs.createWriteStream(path);
  out.write(LICENSE_CSV.head);
  for (let start = 0; start < count; start += 1000) {
    const items = [];
    for (let index = start; index < Math.min(count, start + 1000); index++) {
      items.push(generatedLicense(index, (i) => (i < count ? ids(i) : ids(0))));
    }
    if (!out.write(LICENSE_CSV.rows(items as never))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
