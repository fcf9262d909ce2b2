import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

const MARK = '/* statement: ';
const END = ' */ ';

/** Each parameter of a named statement as the query's builder sees it: a placeholder for its value. */
export type Placeholders<Parameters> = { [Name in keyof Parameters]: RawBuilder<Parameters[Name]> };

/** Where a compiled statement's `$n` takes its value from: a named parameter, or a constant of its text. */
type Slot = { parameter: string } | { constant: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

/** Compiled once per process, by name. */
const compiledByName = new Map<string, Compiled>();

/**
 * Runs a marked statement on the backend itself, with the statement's name, its text and values:
 * PostgreSQL's pool (whose client sends it as a named statement), PGlite's `executePrepared`.
 */
export type NamedStatementRunner = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<{ rows: unknown[] }>;

/**
 * The runners of databases' root handles (`runNamedStatementsDirectly`). A transaction's or a
 * connection's handle is another object, never a key: its statements go through Kysely, on its
 * connection.
 */
const directRunners = new WeakMap<Kysely<DB>, NamedStatementRunner>();

/**
 * Named statements on `db` itself (not in a transaction) skip Kysely's executor and connection
 * provider: 8 µs of CPU of a 59 µs sign-in lookup on PostgreSQL (decision 081).
 */
export function runNamedStatementsDirectly(db: Kysely<DB>, runner: NamedStatementRunner): void {
  directRunners.set(db, runner);
}

/** The value of a placeholder while a statement is compiled: found again among the compiled parameters. */
class Placeholder {
  readonly parameter: string;
  constructor(parameter: string) {
    this.parameter = parameter;
  }
}

/**
 * Runs a hot query (the sign-in lookups) as a named statement: compiled once per process, and
 * parsed and planned once per PostgreSQL connection (once per PGlite database, outside
 * transactions: `pglite-prepared-statements.ts`), then only bound and executed. `build`
 * writes the query from placeholders of `parameters` and runs on the name's first execution only
 * (Kysely compiling the same text again cost as much as PGlite's planning of the whole query):
 * anything that varies from one execution to the next must come through a placeholder. The mark
 * is a leading comment, so the text stays the same SQL on both backends.
 * One name, one text: pg refuses a name reused for a different text.
 */
export function executeNamedStatement<Parameters extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  name: string,
  parameters: Parameters,
  build: (placeholders: Placeholders<Parameters>) => RawBuilder<Row>,
): Promise<QueryResult<Row>> {
  let compiled = compiledByName.get(name);
  if (!compiled) {
    compiled = compile(db, name, Object.keys(parameters), build as (placeholders: object) => RawBuilder<Row>);
    compiledByName.set(name, compiled);
  }
  const values = compiled.slots.map((slot) =>
    'parameter' in slot ? parameters[slot.parameter] : slot.constant,
  );
  const direct = directRunners.get(db);
  if (direct) return direct(name, compiled.sql, values) as Promise<QueryResult<Row>>;
  return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, values));
}

function compile<Row>(
  db: Kysely<DB>,
  name: string,
  names: string[],
  build: (placeholders: object) => RawBuilder<Row>,
): Compiled {
  if (!/^[a-z][a-z_]*$/.test(name)) throw new Error(`invalid statement name: ${name}`);
  const placeholders = Object.fromEntries(
    names.map((parameter) => [parameter, sql.val(new Placeholder(parameter))]),
  );
  const query = sql<Row>`${sql.raw(`${MARK}${name}${END}`)}${build(placeholders)}`.compile(db);
  const slots = query.parameters.map((value): Slot =>
    value instanceof Placeholder ? { parameter: value.parameter } : { constant: value },
  );
  const unused = names.filter(
    (parameter) => !slots.some((slot) => 'parameter' in slot && slot.parameter === parameter),
  );
  if (unused.length > 0)
    throw new Error(`statement ${name} does not use its parameters ${unused.join(', ')}`);
  return { sql: query.sql, slots };
}

/** The name a marked query carries, if any. */
export function statementName(text: string): string | undefined {
  if (!text.startsWith(MARK)) return undefined;
  return text.slice(MARK.length, text.indexOf(END, MARK.length));
}

/**
 * The pool's client: sends a query marked by `executeNamedStatement` as a named prepared
 * statement (node-postgres parses it on a connection's first use, then only binds and executes it).
 */
export class NamedStatementClient extends pg.Client {
  // pg's overloads of query() admit no narrower override; the arguments pass through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args as [unknown, unknown];
    const name = typeof text === 'string' && args.length <= 2 ? statementName(text) : undefined;
    if (name) return super.query({ name, text: text as string, values: values as unknown[] });
    return Reflect.apply(super.query, this, args);
  }
}
