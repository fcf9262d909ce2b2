/**
 * Runs lookups of one kind together when they arrive together: a batch starts once the event loop
 * has taken in what arrived with its first lookup (`setImmediate`: the other requests read in the
 * same turn), and every lookup that arrives while a batch is under way joins the next one, which
 * starts as soon as the running one has ended. Alone, a lookup waits for that one turn; under
 * load, one statement answers many. On PGlite, whose one connection runs one statement at a time,
 * the fixed cost of a statement (its protocol round trips through the embedded database) is most
 * of a sign-in's lookup: 88 µs for one key, 37 µs per key in a batch of ten (decision 084).
 */
export class LookupBatches<Request, Result> {
  readonly #run: (requests: readonly Request[]) => Promise<readonly Result[]>;
  readonly #maxBatch: number;
  #waiting: Waiting<Request, Result>[] = [];
  /** A batch is under way or about to start. */
  #busy = false;

  /**
   * `run` answers a batch: one result per request, in the requests' order. What it throws fails
   * that batch's lookups, none other.
   */
  constructor(
    run: (requests: readonly Request[]) => Promise<readonly Result[]>,
    { maxBatch }: { maxBatch: number },
  ) {
    this.#run = run;
    this.#maxBatch = maxBatch;
  }

  lookUp(request: Request): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request, resolve, reject });
      if (this.#busy) return;
      this.#busy = true;
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxBatch);
      try {
        const results = await this.#run(batch.map((waiting) => waiting.request));
        if (results.length !== batch.length) {
          throw new Error(`a batch of ${batch.length} lookups answered ${results.length}`);
        }
        batch.forEach((waiting, index) => waiting.resolve(results[index]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.#busy = false;
  }
}

interface Waiting<Request, Result> {
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}
