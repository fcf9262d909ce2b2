import pg from 'pg';

/**
 * A database of the benchmark's own on the PostgreSQL server (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local default), dropped again by the returned function; undefined
 * when no server answers.
 */
export async function benchDatabase(
  purpose: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const server =
    process.env['BENCH_DATABASE_URL'] ??
    process.env['TEST_DATABASE_URL'] ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `lizenzportal_bench_${purpose}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await admin(`create database ${name}`);
  } catch {
    return undefined;
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
