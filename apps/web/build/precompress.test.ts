import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES } from '@lizenzportal/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { precompressFolder } from './precompress.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (file: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, file), content);
const exists = (file: string) => fs.existsSync(path.join(dir, file));
const read = (file: string) => fs.readFileSync(path.join(dir, file));

describe('precompressFolder', () => {
  test('writes brotli and gzip beside scripts, styles and icons that decode to the same bytes', async () => {
    const texts = {
      'assets/index-abc.js': `export const x = ${JSON.stringify('Lizenzschlüssel '.repeat(200))};`,
      'assets/index-abc.css': '.mantine-Button-root { color: red }\n'.repeat(100),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(100)}</svg>`,
    };
    for (const [file, content] of Object.entries(texts)) write(file, content);
    await precompressFolder(dir);
    for (const [file, content] of Object.entries(texts)) {
      expect(zlib.brotliDecompressSync(read(`${file}.br`)).toString()).toBe(content);
      expect(zlib.gunzipSync(read(`${file}.gz`)).toString()).toBe(content);
      expect(read(`${file}.br`).length).toBeLessThan(read(file).length);
    }
  });

  test('leaves small files, source maps, images, entry pages and what would not shrink as they are', async () => {
    // The server compresses the entry pages once it has written the settings into them.
    write('index.html', `<!doctype html>${'<p>Lizenzportal – Übersicht</p>'.repeat(100)}`);
    write('assets/tiny.js', 'export {};');
    write('assets/index-abc.js.map', JSON.stringify({ mappings: 'AAAA;'.repeat(1000) }));
    write('logo.png', Buffer.alloc(4096, 7));
    // Random bytes do not compress: an encoded copy would be larger.
    write(
      'assets/random.js',
      Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))),
    );
    expect(Buffer.byteLength('export {};')).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    await precompressFolder(dir);
    for (const file of [
      'assets/tiny.js',
      'assets/index-abc.js.map',
      'logo.png',
      'assets/random.js',
      'index.html',
    ]) {
      expect(exists(`${file}.br`), file).toBe(false);
      expect(exists(`${file}.gz`), file).toBe(false);
    }
  });

  test('leaves what an earlier build into the folder compressed, compresses what changed since', async () => {
    const script = `export const x = ${JSON.stringify('Lizenzschlüssel '.repeat(200))};`;
    write('assets/index-abc.js', script);
    await precompressFolder(dir);
    const first = fs.statSync(path.join(dir, 'assets/index-abc.js.br')).mtimeMs;
    await precompressFolder(dir);
    expect(fs.statSync(path.join(dir, 'assets/index-abc.js.br')).mtimeMs).toBe(first);
    // A later build rewrote the file: its encodings follow.
    const changed = script.replace('export const x', 'export const y');
    const later = new Date(Date.now() + 60_000);
    write('assets/index-abc.js', changed);
    fs.utimesSync(path.join(dir, 'assets/index-abc.js'), later, later);
    await precompressFolder(dir);
    expect(zlib.brotliDecompressSync(read('assets/index-abc.js.br')).toString()).toBe(changed);
  });
});
