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

/** A text written in a source file: a string literal, a template's fixed part or JSX text. */
interface Literal {
  /** Its words, white space collapsed. */
  text: string;
  /** A piece of a template with placeholders. */
  piece: boolean;
  jsx: boolean;
  /** The JSX attribute or object property it is the value of (`title`, `aria-label`, …). */
  name: string | undefined;
  /** The message of an `Error` the code throws (`new Error('…')`): a developer's, not a page's. */
  error: boolean;
  line: number;
}

/** Whether a node's parent is still the same value: a template, a choice of texts, a concatenation. */
function partOfValue(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isConditionalExpression(parent)) return node !== parent.condition;
  if (ts.isBinaryExpression(parent)) {
    const operator = parent.operatorToken.kind;
    const joins = [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
    return (
      joins.includes(operator) ||
      (operator === ts.SyntaxKind.AmpersandAmpersandToken && node === parent.right)
    );
  }
  return (
    ts.isTemplateSpan(parent) ||
    ts.isTemplateExpression(parent) ||
    ts.isJsxExpression(parent) ||
    ts.isParenthesizedExpression(parent)
  );
}

/** The whole value a text is part of: the template, the choice or the concatenation around it. */
function wholeValue(node: ts.Node): ts.Node {
  let value = node;
  while (partOfValue(value)) value = value.parent;
  return value;
}

/**
 * The JSX attribute or object property a text is (part of) the value of: `title="…"`,
 * `aria-label={`${rule} entfernen`}`, `label: cond ? '…' : '…'`.
 */
function ownerName(node: ts.Node): string | undefined {
  const value = wholeValue(node);
  const owner = value.parent;
  if (ts.isJsxAttribute(owner)) return owner.name.getText();
  if (ts.isPropertyAssignment(owner) && owner.initializer === value) {
    return ts.isIdentifier(owner.name) || ts.isStringLiteral(owner.name) ? owner.name.text : undefined;
  }
  return undefined;
}

/** Whether a text is (part of) the message of a plain `new Error(…)`. */
function isErrorMessage(node: ts.Node): boolean {
  const value = wholeValue(node);
  const owner = value.parent;
  return (
    ts.isNewExpression(owner) &&
    ts.isIdentifier(owner.expression) &&
    owner.expression.text === 'Error' &&
    owner.arguments?.[0] === value
  );
}

/** The literals of a source file; `owners` names the attribute or property each is the value of. */
function literals(file: string, code = fs.readFileSync(file, 'utf8'), owners = false): Literal[] {
  // Parent links (for the owners) cost time the scan of every source does not need to spend.
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, owners);
  const found: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const named = owners ? ownerName(node) : undefined;
      found.push({
        error: owners && isErrorMessage(node),
        text: node.text.replace(/\s+/g, ' ').trim(),
        piece: ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node),
        jsx: ts.isJsxText(node),
        name: named,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/**
 * The texts of a source file. A piece of a template with placeholders counts once it holds a
 * whole sentence: two sentences may well begin alike („Diese Lizenz gehört zur Version ${version}. …”).
 */
function texts(file: string): string[] {
  return literals(file)
    .filter((literal) => !literal.piece || /[.!?]$/.test(literal.text))
    .map((literal) => literal.text);
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

/**
 * Where every visible text comes from the catalogue (decision 009): the whole web app. A label
 * written inline there fails, so a new one goes to the catalogue from the start. Versioned legal
 * content (terms of use, privacy notice, help) is text data, not layout: it lives in the domain too
 * (`packages/domain/src/legal`), where a new version is written beside the old and the pages only
 * lay it out.
 */
const WITHOUT_INLINE_TEXT = ['apps/web/src'];

/** Where a JSX attribute or an object property holds what a person reads or hears. */
const VISIBLE_NAMES =
  /^(?:title|label|aria-label|placeholder|description|message|missing|emptyText|errorTitle)$/;

/** Words that mark a lower-case text as German („Dokument 1 öffnen”, „an …”, „nicht vorhanden”). */
const GERMAN_WORDS =
  /(?:^| )(?:an|als|auf|aus|bei|bis|das|dem|den|der|des|die|für|im|ist|kein|keine|mit|nach|nicht|oder|und|vom|von|vor|wird|zu|zum|zur)(?: |$)/;

/** German letters or quotes, or a German function word. */
const looksGerman = (text: string) => /[äöüÄÖÜß„“”]/.test(text) || GERMAN_WORDS.test(text);

/**
 * Capitalized words that protocols spell so and code writes as they are: the HTTP authentication
 * scheme of `Authorization: Bearer <token>` (RFC 6750).
 */
const PROTOCOL_WORDS = /^(?:Bearer)$/;

/**
 * A text a person would read, written inline: any JSX text with letters; the value of a visible
 * attribute or property; elsewhere a text with German letters or quotes, a capitalized word or a
 * German function word. (Code's own strings — paths, keys, CSS, `'POST'`, a protocol's word, the
 * English message of a `new Error` a developer reads — have none of these or are told apart; a lone
 * lower-case word can't be told from a key and is left to review.)
 */
function isInlineText(literal: Literal): boolean {
  if (!/\p{L}/u.test(literal.text)) return false;
  if (literal.jsx) return true;
  if (literal.name !== undefined && VISIBLE_NAMES.test(literal.name)) return true;
  if (literal.error || PROTOCOL_WORDS.test(literal.text)) return looksGerman(literal.text);
  return /\b[A-ZÄÖÜ][a-zäöüß]+\b/.test(literal.text) || looksGerman(literal.text);
}

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
    // It parses every source of the repository: seconds on a busy machine, beyond the default 5.
  }, 30_000);

  it('is where the web app takes its texts from: none is written inline', () => {
    const inline = WITHOUT_INLINE_TEXT.flatMap((folder) =>
      sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
        literals(file, undefined, true)
          .filter(isInlineText)
          .map((literal) => `${path.relative(ROOT, file)}:${literal.line} „${literal.text}”`),
      ),
    );
    expect(inline).toEqual([]);
  });

  it('tells an inline label from the code’s own strings', () => {
    const code = `
      import { Button } from '@mantine/core';
      export const Page = ({ rule }: { rule: string }) => (
        <Panel title="Eigenschaften" aria-label={\`\${rule} entfernen\`} placeholder="z. B. 31.12.2026">
          <Text style={{ border: '1px solid var(--mantine-color-gray-3)' }}>Keine Änderungen</Text>
          <Anchor rel="noopener noreferrer" href={\`/license/\${rule}/delivery\`}>{rule} öffnen</Anchor>
          <Button variant="light" onClick={() => request('/license', { method: 'POST' })}>{'Speichern'}</Button>
          {\`an \${rule}\`}
        </Panel>
      );
      const missing = { label: 'vorhanden', kind: 'starter' };
      const headers = { authorization: \`Bearer \${rule}\` };
      if (!rule) throw new Error('This page needs a rule.');
      if (rule === 'x') throw new Error('Keine Regel gewählt');`;
    const inline = literals('page.tsx', code, true)
      .filter(isInlineText)
      .map((literal) => literal.text);
    expect(inline).toEqual([
      'Eigenschaften',
      'entfernen',
      'z. B. 31.12.2026',
      'Keine Änderungen',
      'öffnen',
      'Speichern',
      'an',
      'vorhanden',
      'Keine Regel gewählt',
    ]);
  });
});
