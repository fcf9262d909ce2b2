import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, ensurePostgresTemplate } from './template.ts';

/** Builds the migrated template once per test run (per project) before any test file starts. */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env['TEST_DB_BACKEND'] === 'postgres') {
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    project.provide('postgresTemplate', await ensurePostgresTemplate(serverUrl));
  } else {
    project.provide('pgliteTemplate', await ensurePgliteTemplate());
  }
}
