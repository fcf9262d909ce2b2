import { type ChildProcess, fork, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** How much of a child's stderr is kept for the report of an unexpected end. */
const STDERR_TAIL_BYTES = 16_384;
const stderrTails = new WeakMap<ChildProcess, string>();
const stopping = new WeakSet<ChildProcess>();
/**
 * `BENCH_PROFILE_DIR`: the portal and the reference servers write a CPU profile there when they
 * stop (`node --cpu-prof`; Node refuses that flag in NODE_OPTIONS).
 */
const PROFILE_ARGS = process.env['BENCH_PROFILE_DIR']
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE_DIR']}`]
  : [];

/**
 * Starts the real portal (`node apps/server/src/server.ts`) and waits until it answers. Its stderr
 * is passed through and its tail kept: a portal that ends on its own (a crash, a native abort)
 * makes `assertRunning` and `stop` throw with its exit code or signal and that tail, so a benchmark
 * can never pass over a dead portal.
 */
export async function startPortal(port: number, environment: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...PROFILE_ARGS, path.join(ROOT, 'apps/server/src/server.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...environment },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  stderrTails.set(child, '');
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTails.set(child, (stderrTails.get(child)! + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES));
  });
  child.once('exit', (code, signal) => {
    if (stopping.has(child)) return;
    console.error(`\n!! the portal (pid ${child.pid}) ended on its own: ${endOf(code, signal)}`);
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`, child);
  } catch (error) {
    // A portal that never answered must not outlive the benchmark (and hold its port, its database).
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

function endOf(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/** Throws, with the exit code or signal and the stderr tail, when the portal ended on its own. */
export function assertRunning(child: ChildProcess): void {
  if (stopping.has(child) || (child.exitCode === null && child.signalCode === null)) return;
  throw new Error(
    `the portal (pid ${child.pid}) ended on its own: ${endOf(child.exitCode, child.signalCode)}\n` +
      `--- last ${STDERR_TAIL_BYTES} bytes of its stderr ---\n${stderrTails.get(child) ?? '(not captured)'}`,
  );
}

/**
 * A port free on the loopback now: benchmarks of several sessions on one machine must not answer
 * each other's requests.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts one of the reference servers in bench/lib (`bare-server.ts`, `minimal-server.ts`, …). */
export async function startReferenceServer(
  file: 'bare-server.ts' | 'minimal-server.ts' | 'hmac-server.ts' | 'shop-page-server.ts',
  port: number,
  environment: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, file), {
    execArgv: [...process.execArgv, ...PROFILE_ARGS],
    env: { ...process.env, PORT: String(port), ...environment },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  // A loaded machine migrates a fresh embedded database slowly: up to three minutes.
  for (let attempt = 0; attempt < 1800; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server ended before answering: ${endOf(child.exitCode, child.signalCode)}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 180 s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (stopping.has(child)) return;
  if (stderrTails.has(child)) assertRunning(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  stopping.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
