import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { preparePrivateDirectory, SharedDataDirectoryError } from './private-files.ts';
import { modesUnder } from '../test/file-modes.ts';

// The most permissive umask: the portal's folders and files are private by their own modes.
let umask: number;
beforeAll(() => {
  umask = process.umask(0);
});
afterAll(() => {
  process.umask(umask);
});

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-private-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

test('a new data folder is made for the portal’s user alone, with its missing parents', () => {
  const directory = path.join(scratch, 'new', 'data');
  expect(preparePrivateDirectory(directory)).toBe(0);
  expect(modesUnder(path.join(scratch, 'new'))).toEqual({ '.': 0o700, data: 0o700 });
});

test('a data folder others can read is made private with everything in it; links and their targets are left alone', () => {
  const directory = path.join(scratch, 'old');
  fs.mkdirSync(path.join(directory, 'db', 'base'), { recursive: true, mode: 0o777 });
  fs.chmodSync(directory, 0o755);
  fs.writeFileSync(path.join(directory, 'jwt-secret'), 's', { mode: 0o644 });
  fs.writeFileSync(path.join(directory, 'db', 'base', '1259'), 'x', { mode: 0o666 });
  const outside = path.join(scratch, 'not-the-portals.txt');
  fs.writeFileSync(outside, 'x', { mode: 0o644 });
  fs.symlinkSync(outside, path.join(directory, 'link'));

  expect(preparePrivateDirectory(directory)).toBe(5);
  expect(modesUnder(directory)).toEqual({
    '.': 0o700,
    db: 0o700,
    'db/base': 0o700,
    'db/base/1259': 0o600,
    'jwt-secret': 0o600,
  });
  expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
  // A private folder is not walked again.
  fs.chmodSync(path.join(directory, 'jwt-secret'), 0o644);
  expect(preparePrivateDirectory(directory)).toBe(0);
});

test('a data folder the portal may not make private is refused, naming it and the command', () => {
  const directory = path.join(scratch, 'foreign');
  fs.mkdirSync(directory, { mode: 0o755 });
  vi.spyOn(fs, 'chmodSync').mockImplementation(() => {
    throw Object.assign(new Error(`EPERM: operation not permitted, chmod '${directory}'`), { code: 'EPERM' });
  });
  expect(() => preparePrivateDirectory(directory)).toThrow(SharedDataDirectoryError);
  expect(() => preparePrivateDirectory(directory)).toThrow(
    `${directory} can be read by other users of this machine, and the portal may not change that (EPERM: operation not permitted, chmod '${directory}'). As its owner, run: chmod -R go-rwx ${directory}`,
  );
  vi.restoreAllMocks();
});
