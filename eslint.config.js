import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's floors from the ground up (decision 031). */
const SERVER_FLOORS = [['lib'], ['db'], ['lists', 'jobs'], ['http'], ['modules']];
const serverPath = (folder) => `./apps/server/src/${folder}`;

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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The server's order (decision 031): each floor imports only the floors below it. The ground
  // (lib, db, lists, jobs) knows files, tables and queues, nothing of requests or of the modules
  // above it. Tests may reach anything they test.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SERVER_FLOORS.slice(0, -1).map((floor, index) => ({
            target: floor.map(serverPath),
            from: SERVER_FLOORS.slice(index + 1)
              .flat()
              .map(serverPath),
            message: `${floor.join(', ')} must not import what lies above it.`,
          })),
        },
      ],
    },
  },
  // Features never import each other or the app shell: shared code is reached through `@/`
  // (components, lib), never by climbing out of the feature folder.
  ...[
    ['apps/web/src/features/*/*.{ts,tsx}', '../**'],
    ['apps/web/src/features/*/*/*.{ts,tsx}', '../../**'],
  ].map(([files, climbOut]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', climbOut],
              message: 'A feature imports only shared code (@/components, @/lib) and the domain package.',
            },
          ],
        },
      ],
    },
  })),
);
