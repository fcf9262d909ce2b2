import { type ChildProcess, fork, spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts the real portal (`node apps/server/src/server.ts`) and waits until it answers. */
export async function startPortal(port: number, environment: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...environment },
    stdio: ['ignore', 'ignore', 'inherit'],
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

/** Starts one of the reference servers in bench/lib (`bare-server.ts`, `minimal-server.ts`, …). */
export async function startReferenceServer(
  file:
    'bare-server.ts' | 'minimal-server.ts' | 'hmac-server.ts' | 'static-server.ts' | 'shop-page-server.ts',
  port: number,
  environment: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, file), {
    env: { ...process.env, PORT: String(port), ...environment },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
