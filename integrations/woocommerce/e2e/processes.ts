/**
 * The processes the end-to-end run starts (the shop's `php -S`, the portal), each in a process
 * group of its own, and the clean-up that stops them as groups and drops the run's database:
 * at the end, on a failure and on Ctrl-C alike.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const cleanups: (() => Promise<void> | void)[] = [];

/** Registers what the run must undo; undone last-registered first. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

let cleaning: Promise<void> | undefined;

/** Undoes everything registered, once: a Ctrl-C during the run's own clean-up joins it. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error('clean-up:', (error as Error).message);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the shop and the portal …`);
    void cleanUp().then(() => process.exit(130));
  });
}

export interface GroupProcess {
  child: ChildProcess;
  /** Everything it printed (stdout and stderr), for the report of a failure. */
  output(): string;
}

/** Starts `command` in a process group of its own, stopped as a group at clean-up. */
export function startGroup(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): GroupProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  onCleanup(() => stopGroup(name, child));
  return { child, output: () => output };
}

async function stopGroup(name: string, child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child.pid, 'SIGTERM');
  const timeout = setTimeout(() => {
    console.error(`${name} (group ${child.pid}) did not stop within 10 s: SIGKILL`);
    signalGroup(child.pid!, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timeout);
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Runs a command to its end; throws with its output unless it succeeded. Answers its stdout. */
export function run(command: string, args: string[], options: { cwd?: string; input?: string } = {}): string {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error || result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed: ${result.error?.message ?? ''}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** A loopback port that is free now. */
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

/** Waits until `url` answers (any status below 500), or the process ended, or `seconds` passed. */
export async function waitForUrl(url: string, process: GroupProcess, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (process.child.exitCode !== null)
      throw new Error(`ended before ${url} answered:\n${process.output()}`);
    try {
      if ((await fetch(url, { redirect: 'manual' })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s:\n${process.output()}`);
}
