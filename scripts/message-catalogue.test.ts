import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Decision 009: every German text is written once, in the domain's message catalogue. This scan
 * keeps it so — a sentence copied into a second place (a service, a page, another catalogue)
 * fails here, naming both places. It runs with the domain's tests.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];
const IGNORED = /\.test\.tsx?$|[\\/]test[\\/]|fixtures\.ts$/;

/** The texts of a source file: string literals, templates' fixed parts and JSX text. */
function texts(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node);
    // A piece of a template with placeholders counts once it holds a whole sentence: two sentences
    // may well begin alike („Diese Lizenz gehört zur Version ${version}. …”).
    const piece = ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
    if (text) {
      const words = node.text.replace(/\s+/g, ' ').trim();
      if (!piece || /[.!?]$/.test(words)) found.push(words);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !IGNORED.test(file) ? [file] : [];
  });
}

/** A German sentence a person reads: several words, long enough not to be a mere label. */
const isSentence = (text: string) =>
  text.length >= 24 &&
  / \p{L}+ /u.test(text) &&
  /[äöüÄÖÜß]|\b(?:Sie|und|die|der|das|ist|nicht|wurde|mit|für|den|zu)\b/.test(text);

describe('the message catalogue', () => {
  it('holds every German text once: no sentence is written in two places', () => {
    const places = new Map<string, string[]>();
    for (const source of SOURCES) {
      for (const file of sourceFiles(path.join(ROOT, source))) {
        const relative = path.relative(ROOT, file);
        for (const text of texts(file).filter(isSentence)) {
          places.set(text, [...(places.get(text) ?? []), relative]);
        }
      }
    }
    const copies = [...places].filter(([, files]) => files.length > 1);
    expect(copies.map(([text, files]) => `„${text}” in ${files.join(', ')}`)).toEqual([]);
  });
});
