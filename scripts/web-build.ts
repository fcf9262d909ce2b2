/**
 * The state of the built web app in `apps/web/dist`: `npm start` serves it, so it must be a
 * production build of the current sources. The build records its mode in `build-mode.txt`
 * (vite.config.ts); a build without that record, or a development build, is built again.
 */
import fs from 'node:fs';
import path from 'node:path';

export const BUILD_MODE_FILE = 'build-mode.txt';

/** Why the web app must be built (again), or `null` when the build in `distDir` can be served. */
export function rebuildReason(distDir: string, sourcesChangedAt: number): string | null {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return 'Building the web app (first start)…';
  const modeFile = path.join(distDir, BUILD_MODE_FILE);
  const mode = fs.existsSync(modeFile) ? fs.readFileSync(modeFile, 'utf8').trim() : 'unknown';
  if (mode !== 'production') return `The web app in dist is a ${mode} build: building it for production…`;
  if (sourcesChangedAt > fs.statSync(index).mtimeMs) return 'Web sources changed: rebuilding the web app…';
  return null;
}

/** The newest modification time of a file or of anything below a directory. */
export function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}
