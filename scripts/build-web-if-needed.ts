/**
 * `npm start` builds the web app when the build is missing, older than its sources or not a
 * production build, so a fresh clone starts with one command and later starts stay fast.
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import { newestChange, rebuildReason } from './web-build.ts';

const root = path.resolve(import.meta.dirname, '..');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/assistant.html',
  'apps/web/public',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
const reason = rebuildReason(path.join(root, 'apps/web/dist'), changedAt);
if (reason) {
  console.log(reason);
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
