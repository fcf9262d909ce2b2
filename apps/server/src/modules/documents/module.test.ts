import { expect, test } from 'vitest';
import { createFileStorage } from '../../lib/storage/create-file-storage.ts';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { createDocumentModule } from './module.ts';
import { createLicenses } from './test-fixtures.ts';

const ctx = useTestApp();

/** Worker threads of this process that are running. */
function workerThreads(): number {
  return (process.report.getReport() as { workers: unknown[] }).workers.length;
}

test('starts render threads with the first document and stops them when closed', async () => {
  const [license] = await createLicenses(ctx.app.services.licenses, 1);
  const before = workerThreads();
  const module = createDocumentModule({
    config: ctx.config,
    db: ctx.database.db,
    storage: createFileStorage(ctx.config),
    jwtSecret: 'x'.repeat(48),
  });
  const generated = await module.documents.generateStarterDocument(license!._id);
  expect(generated.starterDocument).not.toBeNull();
  // The first document is rendered in this thread while the threads boot (they load the kinds'
  // layouts, not the kinds): a thread shows in the process report once it runs, 0.2–0.4 s after
  // the first document at a load of 12 on two cores.
  await eventually(() => workerThreads() > before, 3_000);
  await module.close();
  expect(workerThreads()).toBe(before);
});
