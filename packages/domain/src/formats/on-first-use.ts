/**
 * A value built on its first use, then kept: for schemas that modules of a page's first load
 * import. Zod builds a schema's parser objects when it is declared, and a bundler keeps every
 * top-level `z.object()` of a module it includes: the license and sign-in schemas cost a phone
 * about 90 ms before the first paint of the login, which parses none of them (decision 054).
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
