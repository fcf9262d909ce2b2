import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTED_NOUNS } from '../packages/domain/src/messages/plurals.ts';

/**
 * Plurals come from the domain's table of counted nouns (`messages/plurals.ts`) as whole words:
 * this scan finds a text anywhere in the portal's source that builds one itself — by appending
 * letters to a word, by choosing between literals for a count of one, or by writing a counted noun
 * of its own behind a count.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];
const TABLE = 'packages/domain/src/messages/plurals.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
  .map((file) => ({ file: path.relative(ROOT, file), source: fs.readFileSync(file, 'utf8') }))
  .filter(({ file }) => file !== TABLE);

function found(pattern: RegExp): string[] {
  return files.flatMap(({ file, source }) =>
    [...source.matchAll(pattern)].map((match) => `${file}: ${match[0]}`),
  );
}

const nouns = Object.values(COUNTED_NOUNS)
  .flatMap((form) => [form.one, form.other])
  .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');

describe('plurals in the source', () => {
  it('are never built by appending letters to a word („Arbeitsplatz${seats === 1 ? … : …}”)', () => {
    // A letter right before the placeholder, not an escape (`\n${…}`).
    expect(found(/(?<!\\)[A-Za-zÄÖÜäöüß]\$\{[^}]*\?[^}]*\}/g)).toEqual([]);
  });

  it('are never chosen between two literals for a count of one', () => {
    expect(found(/=== 1 \?\s*['`][^'`]*['`]\s*:/g)).toEqual([]);
  });

  it('never follow a count as a word of their own: the count and its noun come from the table', () => {
    const countThenNoun = new RegExp(
      `\\$\\{[^}]*(?:count|Count|seats|Seats|size|max|min|total|attempts|dvds|quantity|toLocaleString)[^}]*\\}\\s+(?:${nouns})(?![A-Za-zÄÖÜäöüß])`,
      'g',
    );
    expect(found(countThenNoun)).toEqual([]);
  });
});
