import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (name: string, backend: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_BACKEND: backend },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    setupFiles: ['vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['vitest.setup.ts'],
        },
      },
      serverProject('server', 'pglite'),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.browser.test.ts'],
          environment: 'node',
          setupFiles: ['vitest.setup.ts'],
        },
      },
      {
        // Chromium driven by playwright-core against the real server and the built web app.
        test: {
          name: 'browser',
          include: ['apps/web/src/**/*.browser.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['vitest.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same API tests against a real PostgreSQL server, when one is given.
      ...(process.env['TEST_DATABASE_URL'] ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});
