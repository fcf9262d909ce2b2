import os from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import ProjectSummaryReporter from './scripts/project-summary-reporter.ts';

/**
 * What every project shares. Test files run one after another in their worker's process, not in a
 * process each (`isolate: false`): a file then starts in a fraction of the time, with the portal's
 * modules (Fastify, PGlite, the PDF and font code) already loaded and compiled. Each file still
 * builds its own app and database (test/app.ts); what a file stubs or fakes ends with it
 * (vitest.setup.ts).
 */
const common = {
  environment: 'node',
  isolate: false,
  setupFiles: ['vitest.setup.ts'],
} satisfies NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * Server tests that do not use the project's database: they open none (PDF rendering, storage,
 * signed addresses, configuration, mail handover), or start the portal as `npm start` does, on
 * its embedded database, in either project (server.test.ts). They run once, in the `server`
 * project; the PostgreSQL project runs what touches its database.
 */
const backendIndependentServerTests = [
  'apps/server/src/config.test.ts',
  'apps/server/src/server.test.ts',
  'apps/server/src/cli/import.test.ts',
  'apps/server/src/lib/**/*.test.ts',
  'apps/server/src/test/error-logs.test.ts',
  'apps/server/src/http/client-group.test.ts',
  // HTTP's own limits and encodings: what they guard ends before a query is made.
  'apps/server/src/http/{body-limits,client-limits,compression}.test.ts',
  'apps/server/src/modules/deliveries/{templates,mailer}.test.ts',
  'apps/server/src/modules/order-generations/plan.test.ts',
  // A file refused by its first pass, before any row is read: 200 MB are written and read once.
  'apps/server/src/modules/license-import/large-file.test.ts',
  'apps/server/src/modules/documents/render/*.test.ts',
  'apps/server/src/modules/documents/batch/{zip-archive,merged-pdf}.test.ts',
];

const serverProject = (name: string, backend: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(backend === 'postgres' ? backendIndependentServerTests : [])],
    ...common,
    env: { TEST_DB_BACKEND: backend },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env['TEST_DATABASE_URL'];
const projectSummary = new ProjectSummaryReporter({
  // CI asks for passed tests per project to check that every project ran (see .ci/run).
  file: process.env['VITEST_PROJECT_SUMMARY'],
  skippedProjects: postgresUrl
    ? {}
    : {
        'server-pg': {
          insteadOf: 'server',
          reason:
            'TEST_DATABASE_URL is unset, so the API tests did not run on PostgreSQL, nor the guards only ' +
            'PostgreSQL can show (row locks, concurrent requests, crash recovery); ' +
            'e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
        },
      },
});

export default defineConfig({
  test: {
    // Where the time went and what did not run, after every run.
    reporters: ['default', projectSummary],
    // Vitest's default on two cores is one worker: test files then run one after another while
    // the other core waits. Two keep both busy (the tests also wait on Chromium and PostgreSQL).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          // With the repository-wide check that every German text is written once.
          include: ['packages/domain/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          ...common,
          // The repository scans read hundreds of files while the other worker runs too.
          testTimeout: 20_000,
        },
      },
      serverProject('server', 'pglite'),
      {
        // The web app's own alias for its shared code (`@/lib/…`), as in apps/web/vite.config.ts.
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          exclude: ['apps/web/src/**/*.browser.test.ts'],
          ...common,
        },
      },
      {
        // Chromium driven by playwright-core against the real server and the built web app.
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'browser',
          include: ['apps/web/src/**/*.browser.test.ts'],
          ...common,
          // The portal under the browser on the PostgreSQL server when one is given (CI), else on
          // PGlite: a third of the CPU time (decision 053); the server projects prove both databases.
          env: { TEST_DB_BACKEND: postgresUrl ? 'postgres' : 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A browser test that fails once is run again: a busy machine (CI's ran the last run at
          // 1.75 × the quiet time) makes Chromium's timing races fail one test in a run or two, and a
          // red run lands nothing. One that passes only so is named after the run (the summary
          // reporter) as a race to find, not hidden; one that fails twice fails the run (decision 077).
          retry: 1,
          // What a user waits for, as long as Playwright's own waits (ACTION_TIMEOUT_MS).
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // The WooCommerce plugin's PHPUnit tests against tokens the portal's code signs (decision 065).
        test: {
          name: 'plugin',
          include: ['integrations/woocommerce/**/*.test.ts'],
          ...common,
          testTimeout: 60_000,
        },
      },
      // The same API tests against a real PostgreSQL server, when one is given.
      ...(postgresUrl ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});
