import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describeLogLine, ERROR_LEVEL, reportErrorLog } from './error-logs.ts';

/** The repository's root, where `npm run …` finds the portal's scripts. */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A process of the portal (the server, a worker) started by a test, in a process group of its own. */
export interface PortalProcess {
  readonly pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when it has exited. */
  readonly exited: Promise<void>;
  hasExited(): boolean;
  /** Signals the whole group (npm and the node process it started) and waits until it is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

const running = new Set<PortalProcess>();

/**
 * Starts `command` (e.g. `npm run worker`) with only the given environment (and PATH and HOME).
 * Its error-level log lines count as errors of the test that started it (see error-logs.ts).
 */
export function startPortalProcess(command: string[], environment: Record<string, string>): PortalProcess {
  const [executable, ...args] = command;
  const child = spawn(executable!, args, {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let partialLine = '';
  const read = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    const lines = (partialLine + text).split('\n');
    partialLine = lines.pop()!;
    for (const line of lines) reportIfError(line);
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const portalProcess: PortalProcess = {
    pid: child.pid!,
    output: () => output,
    exited,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    kill: async (signal) => {
      if (!portalProcess.hasExited()) {
        try {
          process.kill(-child.pid!, signal);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
      await exited;
    },
  };
  running.add(portalProcess);
  void exited.then(() => running.delete(portalProcess));
  return portalProcess;
}

/** Ends every process a test started and left running (call in afterEach/afterAll). */
export async function killPortalProcesses(): Promise<void> {
  await Promise.all([...running].map((portalProcess) => portalProcess.kill('SIGKILL')));
}

function reportIfError(line: string): void {
  if (!line.startsWith('{')) return;
  let parsed: { level?: unknown };
  try {
    parsed = JSON.parse(line) as { level?: unknown };
  } catch {
    return;
  }
  if (typeof parsed.level === 'number' && parsed.level >= ERROR_LEVEL) {
    reportErrorLog(describeLogLine(parsed as Parameters<typeof describeLogLine>[0]));
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until the portal at `url` answers its health check (or the process has exited). */
export async function waitUntilHealthy(portalProcess: PortalProcess, url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (portalProcess.hasExited()) return;
    const health = await fetch(`${url}/api/v1/health`).catch(() => undefined);
    if (health?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal did not start:\n${portalProcess.output()}`);
}
