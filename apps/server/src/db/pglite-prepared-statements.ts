import { parse, type PGlite, protocol } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** What a prepared statement needs at each execution: its parameters' types and its rows' shape. */
interface Prepared {
  text: string;
  parameterTypes: number[];
  /** PGlite parses rows by it (absent for a statement without rows). */
  rowDescription: BackendMessage | undefined;
}

/** Per embedded database (one session each): its prepared statements by name. */
const preparedByDatabase = new WeakMap<PGlite, Map<string, Prepared>>();
/** The protocol's calls write no files; PGlite syncs after the whole query, as `query()` does. */
const NO_SYNC = { syncToFs: false };

/**
 * Runs a named statement (`executeNamedStatement`) on PGlite as a prepared statement: parsed and
 * planned on the name's first execution in this database, then only bound and executed. PGlite's
 * `query()` parses, plans and describes every statement anew, which was four fifths of a sign-in
 * lookup's time (decision 080). Waits for a transaction in progress, as `query()` does: outside a
 * transaction nothing may run between a transaction's statements.
 */
export function executePrepared<Row>(
  pglite: PGlite,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<{ rows: Row[]; affectedRows: number | undefined }> {
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      let statements = preparedByDatabase.get(pglite);
      if (!statements) preparedByDatabase.set(pglite, (statements = new Map()));
      let prepared = statements.get(name);
      // As PostgreSQL refuses it: a name stands for one text.
      if (prepared && prepared.text !== text)
        throw new Error(`statement ${name} was prepared with another text`);
      if (!prepared) {
        prepared = await prepare(pglite, name, text);
        statements.set(name, prepared);
      }
      const messages = await bindAndExecute(pglite, name, serialized(pglite, prepared, values));
      if (!pglite.isInTransaction()) await pglite.syncToFs();
      const [result] = parse.parseResults(
        prepared.rowDescription ? [prepared.rowDescription, ...messages] : messages,
        pglite.parsers,
      );
      return { rows: (result?.rows ?? []) as Row[], affectedRows: result?.affectedRows };
    }),
  );
}

async function prepare(pglite: PGlite, name: string, text: string): Promise<Prepared> {
  try {
    await pglite.execProtocol(protocol.serialize.parse({ name, text, types: [] }), NO_SYNC);
    const { messages } = await pglite.execProtocol(protocol.serialize.describe({ type: 'S', name }), NO_SYNC);
    return {
      text,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
  } finally {
    // Ends the protocol's sequence, also after an error (which discards the unfinished statement).
    await pglite.execProtocol(protocol.serialize.sync(), NO_SYNC);
  }
}

async function bindAndExecute(pglite: PGlite, name: string, values: (string | null)[]) {
  try {
    const bound = await pglite.execProtocol(protocol.serialize.bind({ statement: name, values }), NO_SYNC);
    const executed = await pglite.execProtocol(protocol.serialize.execute({}), NO_SYNC);
    return [...bound.messages, ...executed.messages];
  } finally {
    await pglite.execProtocol(protocol.serialize.sync(), NO_SYNC);
  }
}

/** The values in PostgreSQL's text form, each by its parameter's type, as `query()` sends them. */
function serialized(pglite: PGlite, prepared: Prepared, values: readonly unknown[]): (string | null)[] {
  return values.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[prepared.parameterTypes[index]!];
    return serializer ? serializer(value) : String(value);
  });
}
