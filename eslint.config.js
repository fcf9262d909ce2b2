import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // The database layer knows tables and SQL, nothing of requests or the modules above it.
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../http/**', '../modules/**', '../lists/**'],
              message: 'The database layer imports neither the HTTP layer nor the modules above it.',
            },
          ],
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
