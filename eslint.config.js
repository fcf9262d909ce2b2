import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's floors from the ground up (decision 031). */
const WEB_FLOORS = [['lib'], ['components'], ['features'], ['app', 'main.tsx', 'assistant-main.tsx']];
const webPath = (folder) => `./apps/web/src/${folder}`;
/** What the back-office areas share: its parts (panels, facts, record pages, labels) and the list engine. */
const BACK_OFFICE_SHARED = ['components', 'lists'];
const foldersOf = (folder) =>
  fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The server's floors from the ground up (decision 031). */
const SERVER_FLOORS = [['lib'], ['db'], ['lists', 'jobs'], ['http'], ['modules']];
const serverPath = (folder) => `./apps/server/src/${folder}`;
/**
 * The server's modules from the ground up (decision 031): a module imports only those on floors
 * below its own. Where a lower module needs a higher one's work (a bound license's mail, an offer's
 * mail, whether an order generation exists), it names an interface of its own that the higher
 * module meets, wired in services.ts.
 */
const MODULE_FLOORS = [
  ['audit'],
  ['licenses'],
  ['auth', 'downloads', 'license-import'],
  ['upgrade-sessions'],
  ['documents'],
  ['deliveries'],
  ['order-generations'],
  ['shop'],
  ['privacy', 'contact-changes'],
  ['health', 'metrics', 'overview', 'settings', 'web'],
];
const modulePath = (module) => serverPath(`modules/${module}`);
/** Everything of the server that may import a module, but the module itself and the tests' helpers. */
const outsideOf = (module) => [
  ...fs
    .readdirSync('apps/server/src')
    .filter((entry) => !['modules', 'test'].includes(entry))
    .map(serverPath),
  ...foldersOf('apps/server/src/modules')
    .filter((other) => other !== module)
    .map(modulePath),
];

/**
 * The domain's floors from the ground up (decision 069, as the server's of decision 031): a folder
 * imports only folders on floors below its own, none beside it, so that no arrow runs back up and
 * no two folders import each other. The ground needs nothing; `messages` holds the texts that need
 * nothing else; `composed-messages` the texts composed from the folders' enums and rules.
 */
const DOMAIN_FLOORS = [
  ['formats', 'countries', 'audit', 'product.ts', 'pages.ts'],
  ['messages'],
  ['list-query', 'privacy'],
  ['delivery'],
  ['license'],
  ['auth', 'http', 'legal', 'license-import', 'upgrade-session'],
  ['downloads', 'pricing'],
  ['overview', 'settings', 'shop-order'],
  ['assistant', 'composed-messages'],
  ['order-generation'],
  ['index.ts'],
];
const domainPath = (entry) => `./packages/domain/src/${entry}`;
const unplaced = fs
  .readdirSync('packages/domain/src', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() || !entry.name.endsWith('.test.ts'))
  .map((entry) => entry.name)
  .filter((entry) => !DOMAIN_FLOORS.flat().includes(entry));
if (unplaced.length > 0) {
  throw new Error(
    `packages/domain/src/${unplaced.join(', ')}: give it its floor in DOMAIN_FLOORS of eslint.config.js (decision 069).`,
  );
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The WooCommerce plugin's scripts run in the shop's pages as they are (no build step).
    files: ['integrations/woocommerce/lizenzportal/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The server's order (decision 031): each floor imports only the floors below it. The ground
  // (lib, db, lists, jobs) knows files, tables and queues, nothing of requests or of the modules
  // above it. A module imports only the modules below it, and only through their public face
  // (index.ts). No import cycle. Tests may reach anything they test.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      // no-cycle reads the imported files themselves: TypeScript, through typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_FLOORS.slice(0, -1).map((floor, index) => ({
              target: floor.map(serverPath),
              from: SERVER_FLOORS.slice(index + 1)
                .flat()
                .map(serverPath),
              message: `${floor.join(', ')} must not import what lies above it.`,
            })),
            ...foldersOf('apps/server/src/modules').map((module) => ({
              target: outsideOf(module),
              from: modulePath(module),
              except: ['./index.ts'],
              message: `Import the ${module} module through its public face, modules/${module}/index.ts.`,
            })),
            ...MODULE_FLOORS.slice(0, -1).map((floor, index) => ({
              target: floor.map(modulePath),
              from: MODULE_FLOORS.slice(index + 1)
                .flat()
                .map(modulePath),
              message: `The ${floor.join(', ')} module must not import a module above it (decision 031).`,
            })),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A module's face hands on its services and types, never a repository (decision 069): other
  // modules call the service, so each table is written by the module it belongs to.
  {
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportSpecifier[exported.name=/Repository$/]',
          message:
            "A module's face exports its services and types, not a repository: other modules call its service (decision 069).",
        },
        {
          selector: 'ExportAllDeclaration',
          message: "A module's face names what it hands on (decision 031).",
        },
      ],
    },
  },
  // A document kind's file is loaded by the render threads for its layout (decision 032): beside
  // its own folder it imports only the layouts under render/ as code; other modules, the
  // documents module's services and the database code are types there, and reached with
  // `await import()` where the kind reads them.
  {
    files: ['apps/server/src/modules/documents/kinds/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!render/)',
              allowTypeImports: true,
              message:
                'The render threads load every kind (decision 032): import this as a type, or with `await import()` where the kind reads it.',
            },
            {
              regex: '^kysely$',
              allowTypeImports: true,
              message:
                'The render threads load every kind (decision 032): reach Kysely through the query builder, or with `await import()`.',
            },
          ],
        },
      ],
    },
  },
  // The domain's order (decision 069): each folder imports only the floors below its own, none
  // beside it, and no chain of value imports returns to where it began. Tests may reach anything.
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/domain/src/**/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...DOMAIN_FLOORS.slice(0, -1).map((floor, index) => ({
              target: floor.map(domainPath),
              from: DOMAIN_FLOORS.slice(index + 1)
                .flat()
                .map(domainPath),
              message: `The domain's ${floor.join(', ')} must not import what lies above it (decision 069).`,
            })),
            ...DOMAIN_FLOORS.flatMap((floor) =>
              floor.map((entry) => ({
                target: domainPath(entry),
                from: floor.filter((other) => other !== entry).map(domainPath),
                message: `The domain's ${entry} must not import what stands beside it on its floor (decision 069): move one of them down.`,
              })),
            ).filter((zone) => zone.from.length > 0),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The web app's order (decision 031): lib, then components, then the features, then the app shell.
  // A feature imports no other feature; a back-office area no other area, only the shared back-office
  // parts (features/backend/components) and the list engine (features/backend/lists). At any depth.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          alias: { '@': [path.resolve('apps/web/src')] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FLOORS.slice(0, -1).map((floor, index) => ({
              target: floor.map(webPath),
              from: WEB_FLOORS.slice(index + 1)
                .flat()
                .map(webPath),
              message: `${floor.join(', ')} must not import what lies above it.`,
            })),
            ...foldersOf('apps/web/src/features').map((feature) => ({
              target: webPath(`features/${feature}`),
              from: webPath('features'),
              except: [`./${feature}`],
              message: 'A feature imports no other feature: shared code lives in @/components and @/lib.',
            })),
            ...foldersOf('apps/web/src/features/backend')
              .map((area) => ({
                target: webPath(`features/backend/${area}`),
                from: webPath('features/backend'),
                except: [
                  `./${area}`,
                  ...BACK_OFFICE_SHARED.filter((shared) => shared !== area).map((shared) => `./${shared}`),
                ],
                message: `A back-office area imports no other area: what several share lives in ${BACK_OFFICE_SHARED.map((shared) => `features/backend/${shared}`).join(' or ')}.`,
              }))
              .filter((zone) => !BACK_OFFICE_SHARED.includes(zone.target.split('/').pop())),
            ...BACK_OFFICE_SHARED.map((shared) => ({
              target: webPath(`features/backend/${shared}`),
              from: webPath('features/backend'),
              except: BACK_OFFICE_SHARED.map((folder) => `./${folder}`),
              message: 'The shared back-office parts import no back-office area.',
            })),
          ],
        },
      ],
    },
  },
);
