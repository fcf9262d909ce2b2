import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_MODE_FILE, rebuildReason } from './web-build.ts';

function distWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

describe('npm start serves only a current production build of the web app', () => {
  const longAgo = 0;

  it('builds when there is no build', () => {
    expect(rebuildReason(distWith({}), longAgo)).toMatch(/first start/);
  });

  it('rebuilds a development build, and a build that does not say what it is', () => {
    const development = distWith({ 'index.html': '', [BUILD_MODE_FILE]: 'development\n' });
    expect(rebuildReason(development, longAgo)).toMatch(/development build/);
    expect(rebuildReason(distWith({ 'index.html': '' }), longAgo)).toMatch(/unknown build/);
  });

  it('rebuilds when sources changed after the build', () => {
    const dist = distWith({ 'index.html': '', [BUILD_MODE_FILE]: 'production\n' });
    expect(rebuildReason(dist, Date.now() + 60_000)).toMatch(/sources changed/);
    expect(rebuildReason(dist, longAgo)).toBeNull();
  });
});
