import { describe, expect, test, vi } from 'vitest';
import { eventually } from '../../../test/smtp.ts';
import { loadUnicodeFonts } from './fonts.ts';
import { DocumentRenderer } from './document-renderer.ts';
import { PooledDocumentRenderer } from './pooled-renderer.ts';
import { bound, branding, createdAt, license, PNG_LOGO } from './render-test-fixtures.ts';

const style = { branding: { ...branding, logo: PNG_LOGO }, fonts: loadUnicodeFonts() };
const inThisThread = new DocumentRenderer(style);

/** Worker threads of this process that are running. */
function workerThreads(): number {
  return (process.report.getReport() as { workers: unknown[] }).workers.length;
}

describe('pooled renderer', () => {
  test('renders in its threads what this thread would, and stops them on close', async () => {
    const expected = {
      starter: Buffer.from(await inThisThread.render({ kind: 'starter', license: license(), createdAt })),
      license: Buffer.from(await inThisThread.render({ kind: 'license', license: bound, createdAt })),
    };
    const before = workerThreads();
    const pooled = new PooledDocumentRenderer(style, { threads: 2 });
    await pooled.start();
    expect(workerThreads()).toBe(before + 2);
    const renderedHere = vi.spyOn(DocumentRenderer.prototype, 'render');
    const [starter, licenseDocument] = await Promise.all([
      pooled.render({ kind: 'starter', license: license(), createdAt }),
      pooled.render({ kind: 'license', license: bound, createdAt }),
    ]);
    expect(renderedHere).not.toHaveBeenCalled();
    expect(Buffer.from(starter)).toEqual(expected.starter);
    expect(Buffer.from(licenseDocument)).toEqual(expected.license);

    await pooled.close();
    expect(workerThreads()).toBe(before);
    // Whatever still asks for a document after the close gets it, rendered in this thread.
    expect(Buffer.from(await pooled.render({ kind: 'starter', license: license(), createdAt }))).toEqual(
      expected.starter,
    );
    expect(renderedHere).toHaveBeenCalledTimes(1);
    renderedHere.mockRestore();
  });

  test('renders the first document in this thread while its threads start, the next in them', async () => {
    const pooled = new PooledDocumentRenderer(style, { threads: 1 });
    const renderedHere = vi.spyOn(DocumentRenderer.prototype, 'render');
    const [first, second] = await Promise.all([
      pooled.render({ kind: 'starter', license: license(), createdAt }),
      pooled.render({ kind: 'license', license: bound, createdAt }),
    ]);
    expect(renderedHere).toHaveBeenCalledTimes(1);
    expect(renderedHere).toHaveBeenCalledWith({ kind: 'starter', license: license(), createdAt });
    renderedHere.mockRestore();
    expect(Buffer.from(first)).toEqual(
      Buffer.from(await inThisThread.render({ kind: 'starter', license: license(), createdAt })),
    );
    expect(Buffer.from(second)).toEqual(
      Buffer.from(await inThisThread.render({ kind: 'license', license: bound, createdAt })),
    );
    await pooled.close();
  });

  test('renders in this thread, with a warning, when its threads cannot start', async () => {
    const before = workerThreads();
    const pooled = new PooledDocumentRenderer(style, {
      threads: 1,
      workerFile: new URL('./no-such-worker.ts', import.meta.url),
    });
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    await pooled.start();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the render threads did not start'));
    warn.mockRestore();
    // The thread that failed to load ends on its own, a moment later on a busy machine.
    await eventually(() => workerThreads() === before || undefined);
    const bytes = await pooled.render({ kind: 'starter', license: license(), createdAt });
    expect(Buffer.from(bytes)).toEqual(
      Buffer.from(await inThisThread.render({ kind: 'starter', license: license(), createdAt })),
    );
    await pooled.close();
  });
});
