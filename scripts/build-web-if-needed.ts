/**
 * `npm start` builds the web app only when the build is missing or older than its sources, so a
 * fresh clone starts with one command and later starts stay fast.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.log(
    builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
