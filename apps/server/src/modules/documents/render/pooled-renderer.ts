import os from 'node:os';
import { Piscina } from 'piscina';
import { DocumentRenderer, type RenderTask } from './document-renderer.ts';
import type { DocumentStyle } from './pdf-builder.ts';
import type { RenderWorkerData } from './render-worker.ts';

export interface RenderPoolOptions {
  /** Threads that render; by default one per core the process may use. */
  threads?: number;
  /** The module each thread runs (tests give one that cannot start). */
  workerFile?: URL;
}

const RENDER_WORKER = new URL('./render-worker.ts', import.meta.url);
/**
 * Linux niceness of the render threads: the event loop, which feeds them (HTTP, database,
 * storage), gets the CPU first. On two cores a batch download of 1,000 new documents then sent its
 * first byte after some 300 ms instead of 470 ms, and finished sooner.
 */
const RENDER_THREAD_NICENESS = 10;
/**
 * Heap limits of a render thread. A thread keeps some 30 MB alive (fonts, caches, the document
 * under way), but V8's defaults let each grow by hundreds of MB of garbage: the first batch
 * download of 1,000 new documents grew the process by some 590 MB, with these limits by some
 * 270 MB (rendering in the main thread: 200 MB). The price is about a fifth of the threads'
 * throughput, which a batch download does not notice: the event loop feeding them limits it.
 */
const RENDER_THREAD_HEAP = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 };

/**
 * Renders documents in a pool of worker threads, so generating many of them (batch downloads, the
 * job queue) uses every core and leaves the event loop free. The threads start with the first
 * document (or `start()`), which is rendered in this thread meanwhile, so that it does not wait for
 * them; later documents do. If the threads cannot start, and after `close()`, documents are
 * rendered in this thread.
 */
export class PooledDocumentRenderer extends DocumentRenderer {
  readonly #workerData: RenderWorkerData;
  readonly #threads: number;
  readonly #workerFile: URL;
  /** Set while the threads are ready. */
  #pool: Piscina<RenderTask, Uint8Array> | undefined;
  #started: Promise<void> | undefined;
  #closed: Promise<void> | undefined;
  #rendered = false;

  constructor(style: DocumentStyle, options: RenderPoolOptions = {}) {
    super(style);
    this.#workerData = { branding: style.branding };
    this.#threads = Math.max(1, options.threads ?? os.availableParallelism());
    this.#workerFile = options.workerFile ?? RENDER_WORKER;
  }

  override async render(task: RenderTask): Promise<Uint8Array> {
    const started = this.start();
    // The first document is rendered here while the threads start; later ones wait for them.
    if (this.#rendered) await started;
    this.#rendered = true;
    return this.#pool ? this.#pool.run(task) : super.render(task);
  }

  /** Starts the threads, if not yet done; settles once they are ready or have failed to start. */
  start(): Promise<void> {
    this.#started ??= this.#closed ? Promise.resolve() : this.#startPool();
    return this.#started;
  }

  /** Lets the renderings under way in the threads finish, then stops the threads. */
  close(): Promise<void> {
    this.#closed ??= this.#closePool();
    return this.#closed;
  }

  async #startPool(): Promise<void> {
    let pool: Piscina<RenderTask, Uint8Array> | undefined;
    try {
      pool = new Piscina({
        filename: this.#workerFile.href,
        minThreads: this.#threads,
        maxThreads: this.#threads,
        workerData: this.#workerData,
        niceIncrement: RENDER_THREAD_NICENESS,
        resourceLimits: RENDER_THREAD_HEAP,
      });
      // A thread that fails between tasks is replaced by the pool; the failure is reported here.
      pool.on('error', (error: Error) =>
        process.emitWarning(`A document render thread failed: ${error.message}`),
      );
      await pool.run(undefined as unknown as RenderTask, { name: 'ready' });
      this.#pool = pool;
    } catch (error) {
      process.emitWarning(
        `Documents are rendered in the main thread: the render threads did not start (${(error as Error).message})`,
      );
      await pool?.destroy();
    }
  }

  async #closePool(): Promise<void> {
    await this.#started;
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.close();
  }
}
