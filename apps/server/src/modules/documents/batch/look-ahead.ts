/**
 * `load(item)` for each item, results in the items' order, with up to `ahead` loads under way
 * before the consumer asks: storage reads and renderings overlap with writing the previous one.
 */
export async function* mapInOrder<T, R>(
  items: readonly T[],
  ahead: number,
  load: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  const start = () => {
    while (next < items.length && pending.length < ahead) {
      const loading = load(items[next++]!);
      // Failures surface when their turn comes; one abandoned by the consumer must not go unhandled.
      loading.catch(() => {});
      pending.push(loading);
    }
  };
  start();
  while (pending.length > 0) {
    const result = await pending.shift()!;
    start();
    yield result;
  }
}
