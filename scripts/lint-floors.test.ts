import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The floors as lint enforces them (decision 031), checked on sample files rather than on the
 * tree: the tree obeys them, so a broken table in eslint.config.js would pass it unnoticed. Each
 * boundary between two floors next to each other is crossed both ways by a file that does not
 * exist, linted through ESLint's API: downwards lint is quiet, upwards it refuses with the rule's
 * message. The orders are written out here as the decisions state them, on purpose not read from
 * the configuration under test.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });
// Loading the plugins and the parser, and reading the files the first imports reach, takes a
// while on a loaded machine: once, before the tests.
beforeAll(() => refusals('apps/server/src/http/floor-sample.ts', 'apps/server/src/db/database.ts'), 120_000);

/** The messages of `import-x/no-restricted-paths` for a file at `file` that imports `target`. */
async function refusals(file: string, target: string): Promise<string[]> {
  let specifier = path.relative(path.dirname(file), target);
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

/** The refusals of a floor importing one above it, and of a module importing one above it. */
const aboveIt = (lower: Floor) =>
  new RegExp(`zone\\. [^.]*\\b${lower.name}\\b[^.]* must not import what lies above it\\.$`);
const moduleAboveIt = (lower: Floor) =>
  new RegExp(
    `zone\\. The [^.]*\\b${lower.name}\\b[^.]* module must not import a module above it \\(decision 031\\)\\.$`,
  );

/** A floor: its name, a folder where a sample file of it is placed, and a real file of it to import. */
interface Floor {
  name: string;
  folder: string;
  file: string;
}

/**
 * Checks each boundary of `floors` (from the ground up): a file of the upper floor may import one
 * of the lower, a file of the lower one of the upper is refused with a message `refusal` matches.
 */
function checkFloors(title: string, floors: Floor[], refusal: (lower: Floor) => RegExp): void {
  const pairs = floors
    .slice(1)
    .map((upper, index) => [`${floors[index]!.name} < ${upper.name}`, floors[index]!, upper] as const);
  describe(title, () => {
    test.for(pairs)('%s', async ([, lower, upper]) => {
      expect(await refusals(`${upper.folder}/floor-sample.ts`, lower.file), 'downwards').toEqual([]);
      const upwards = await refusals(`${lower.folder}/floor-sample.ts`, upper.file);
      expect(upwards, 'upwards').toHaveLength(1);
      expect(upwards[0]).toMatch(refusal(lower));
    });
  });
}

const inServer = (folder: string, file: string): Floor => ({
  name: folder,
  folder: `apps/server/src/${folder}`,
  file: `apps/server/src/${folder}/${file}`,
});
checkFloors(
  "the server's floors",
  [
    inServer('lib', 'app-error.ts'),
    inServer('db', 'database.ts'),
    inServer('lists', 'compile.ts'),
    inServer('http', 'envelope.ts'),
    inServer('modules', 'audit/index.ts'),
  ],
  aboveIt,
);
checkFloors(
  "the server's floors, jobs beside lists",
  [inServer('db', 'database.ts'), inServer('jobs', 'catalogue.ts'), inServer('http', 'envelope.ts')],
  aboveIt,
);

/** The server's modules from the ground up, one of each floor (decision 031). */
const MODULES = [
  'audit',
  'licenses',
  'auth',
  'upgrade-sessions',
  'documents',
  'deliveries',
  'order-generations',
  'shop',
  'health',
];
checkFloors(
  "the server's modules",
  MODULES.map((module) => ({
    name: module,
    folder: `apps/server/src/modules/${module}`,
    file: `apps/server/src/modules/${module}/index.ts`,
  })),
  moduleAboveIt,
);
checkFloors(
  "the server's modules, downloads beside auth",
  ['licenses', 'downloads', 'upgrade-sessions'].map((module) => ({
    name: module,
    folder: `apps/server/src/modules/${module}`,
    file: `apps/server/src/modules/${module}/index.ts`,
  })),
  moduleAboveIt,
);

const inWeb = (folder: string, file: string): Floor => ({
  name: folder,
  folder: `apps/web/src/${folder}`,
  file: `apps/web/src/${folder}/${file}`,
});
checkFloors(
  "the web app's floors",
  [
    inWeb('lib', 'page-title.ts'),
    inWeb('components', 'ui/data-table.tsx'),
    inWeb('features', 'legal/components/help-page.tsx'),
    inWeb('app', 'router.tsx'),
  ],
  aboveIt,
);

/** The domain's refusals (decision 069): a folder importing a floor above it, or one beside it. */
const names = (name: string) => `(?:[\\w.-]+, )*${name.replace('.', '\\.')}(?:, [\\w.-]+)*`;
const domainAboveIt = (lower: Floor) =>
  new RegExp(
    `zone\\. The domain's ${names(lower.name)} must not import what lies above it \\(decision 069\\)\\.$`,
  );
const domainBesideIt = (lower: Floor) =>
  new RegExp(
    `zone\\. The domain's ${lower.name} must not import what stands beside it on its floor \\(decision 069\\): move one of them down\\.$`,
  );
const inDomain = (folder: string, file: string): Floor => ({
  name: folder,
  folder: `packages/domain/src/${folder}`,
  file: `packages/domain/src/${folder}/${file}`,
});
checkFloors(
  "the domain's floors",
  [
    inDomain('formats', 'numbers.ts'),
    inDomain('messages', 'common.ts'),
    inDomain('list-query', 'operators.ts'),
    inDomain('delivery', 'delivery.ts'),
    inDomain('license', 'enums.ts'),
    inDomain('upgrade-session', 'enums.ts'),
    inDomain('pricing', 'money.ts'),
    inDomain('shop-order', 'shop-status.ts'),
    inDomain('composed-messages', 'login.ts'),
    inDomain('order-generation', 'order-generation.ts'),
    { name: 'index.ts', folder: 'packages/domain/src', file: 'packages/domain/src/index.ts' },
  ],
  domainAboveIt,
);
checkFloors(
  "the domain's floors, the countries on the ground",
  [inDomain('countries', 'countries.ts'), inDomain('messages', 'common.ts')],
  domainAboveIt,
);
test("the domain's folders on one floor import each other neither way: http and upgrade-session", async () => {
  const http = inDomain('http', 'errors.ts');
  const session = inDomain('upgrade-session', 'enums.ts');
  for (const [from, to] of [
    [http, session],
    [session, http],
  ] as const) {
    const refused = await refusals(`${from.folder}/floor-sample.ts`, to.file);
    expect(refused, `${from.name} importing ${to.name}`).toHaveLength(1);
    expect(refused[0]).toMatch(domainBesideIt(from));
  }
});

test('the domain package refuses an import cycle: formats/numbers.ts importing messages/plurals.ts, which imports it', async () => {
  const file = path.join(ROOT, 'packages/domain/src/formats/numbers.ts');
  const text = `import '../messages/plurals.ts';\n${fs.readFileSync(file, 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath: file });
  expect(result!.messages.filter((message) => message.ruleId === 'import-x/no-cycle')).toHaveLength(1);
});

test("a server module's face exporting a repository is refused, one exporting its service is not", async () => {
  const face = path.join(ROOT, 'apps/server/src/modules/licenses/index.ts');
  const faceRefusals = async (text: string) => {
    const [result] = await eslint.lintText(text, { filePath: face });
    return result!.messages
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.message);
  };
  expect(await faceRefusals("export { LicenseService } from './service.ts';\n")).toEqual([]);
  for (const text of [
    "export { LicenseRepository } from './repository.ts';\n",
    "export { type LicenseRepository } from './repository.ts';\n",
  ]) {
    expect(await faceRefusals(text), text).toEqual([
      "A module's face exports its services and types, not a repository: other modules call its service (decision 069).",
    ]);
  }
});
