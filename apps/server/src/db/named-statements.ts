import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';

const MARK = '/* statement: ';
const END = ' */ ';

/**
 * Marks a hot query (the sign-in lookups) for PostgreSQL to parse and plan once per connection
 * and run by name from then on; every other query is planned per execution, as before. The mark
 * is a leading comment, so the text stays the same SQL on both backends (PGlite runs it as is).
 * One name, one text: pg refuses a name reused for a different text.
 */
export function namedStatement<T>(name: string, query: RawBuilder<T>): RawBuilder<T> {
  if (!/^[a-z][a-z_]*$/.test(name)) throw new Error(`invalid statement name: ${name}`);
  return sql<T>`${sql.raw(`${MARK}${name}${END}`)}${query}`;
}

/** The name a marked query carries, if any. */
function statementName(text: string): string | undefined {
  if (!text.startsWith(MARK)) return undefined;
  return text.slice(MARK.length, text.indexOf(END, MARK.length));
}

/**
 * The pool's client: sends a query marked by `namedStatement` as a named prepared statement
 * (node-postgres parses it on a connection's first use, then only binds and executes it).
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
