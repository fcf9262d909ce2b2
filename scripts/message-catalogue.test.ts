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
  /**
   * Written for a developer, not for a page: the message of an `Error` the code throws, of a
   * process warning or a log line, or an API operation's summary or description (the OpenAPI document).
   */
  developer: boolean;
  /** A property's name written as a string (`object['Filter']`): the code's, whatever it reads like. */
  key: boolean;
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

/** The levels of a logger's calls (pino's, Fastify's): `log.warn({ id }, '…')`. */
const LOG_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/** Whether a call writes a developer's message: a process warning or a logger's line. */
function isDeveloperCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.getText();
  const target = callee.expression.getText();
  return (
    (target === 'process' && method === 'emitWarning') ||
    (LOG_LEVELS.has(method) && /(?:^|\.|#)log(?:ger)?$/.test(target))
  );
}

/**
 * Whether an object is an API operation's description for the OpenAPI document: a route schema
 * or a list route's options, which name the operation's tags beside its summary.
 */
function isApiOperation(object: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(object) &&
    object.properties.some(
      (property) => ts.isPropertyAssignment(property) && ['tags', 'tag'].includes(property.name.getText()),
    )
  );
}

/**
 * Whether a text is (part of) what a developer reads: the message of a plain `new Error(…)`, of a
 * process warning or a log line, or an API operation's `summary` or `description`.
 */
function isDeveloperText(node: ts.Node): boolean {
  const value = wholeValue(node);
  const owner = value.parent;
  if (ts.isNewExpression(owner)) {
    return (
      ts.isIdentifier(owner.expression) && owner.expression.text === 'Error' && owner.arguments?.[0] === value
    );
  }
  if (ts.isCallExpression(owner))
    return owner.arguments.includes(value as ts.Expression) && isDeveloperCall(owner);
  return (
    ts.isPropertyAssignment(owner) &&
    owner.initializer === value &&
    ['summary', 'description'].includes(owner.name.getText()) &&
    isApiOperation(owner.parent)
  );
}

/** Whether a text is a property's name written as a string: `object['Filter']`. */
function isPropertyKey(node: ts.Node): boolean {
  return ts.isElementAccessExpression(node.parent) && node.parent.argumentExpression === node;
}

/** Whether a text is a fixed part of an `html` template (a mail's markup). */
function isMarkup(node: ts.Node): boolean {
  if (!ts.isTemplateLiteralToken(node)) return false;
  const template = wholeValue(node);
  return (
    ts.isTaggedTemplateExpression(template.parent) &&
    ts.isIdentifier(template.parent.tag) &&
    template.parent.tag.text === 'html'
  );
}

/**
 * What a reader sees of a piece of markup: the text between its tags, and the attributes a
 * browser shows or reads out (`alt`, `title`, `aria-label`); the rest of a tag (its name, `style`,
 * `href`) is code. A tag a placeholder splits stays as it is, and is judged as text.
 */
function visibleMarkup(markup: string): string {
  return markup.replace(
    /<[^<>]*>/g,
    (tag) =>
      [...tag.matchAll(/\b(?:alt|title|aria-label)="([^"]*)"/g)].map((match) => ` ${match[1]} `).join('') ||
      ' ',
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
      const text = owners && isMarkup(node) ? visibleMarkup(node.text) : node.text;
      found.push({
        developer: owners && isDeveloperText(node),
        key: owners && isPropertyKey(node),
        text: text.replace(/\s+/g, ' ').trim(),
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
 * Where every visible text comes from the catalogue (decision 009): the whole web app, and the
 * server's PDF documents and delivery mails. A label written inline there fails, so a new one goes
 * to the catalogue from the start. Versioned legal content (terms of use, privacy notice, help) is
 * text data, not layout: it lives in the domain too (`packages/domain/src/legal`), where a new
 * version is written beside the old and the pages only lay it out.
 */
const WITHOUT_INLINE_TEXT = [
  'apps/web/src',
  'apps/server/src/modules/documents',
  'apps/server/src/modules/deliveries',
];

/** Where a JSX attribute or an object property holds what a person reads or hears. */
const VISIBLE_NAMES =
  /^(?:title|label|aria-label|placeholder|description|message|missing|emptyText|errorTitle)$/;

/** Words that mark a lower-case text as German („Dokument 1 öffnen”, „an …”, „nicht vorhanden”). */
const GERMAN_WORDS =
  /(?:^| )(?:an|als|auf|aus|bei|bis|das|dem|den|der|des|die|für|im|ist|kein|keine|mit|nach|nicht|oder|und|vom|von|vor|wird|zu|zum|zur)(?: |$)/;

/** German letters or quotes, or a German function word. */
const looksGerman = (text: string) => /[äöüÄÖÜß„“”]/.test(text) || GERMAN_WORDS.test(text);

/** Function words German does not have: the English a developer writes in. */
const ENGLISH_WORDS = /(?:^| )(?:a|the|of|by|not|is|are|was|that|this)(?: |$)/i;

/**
 * Whether a text meant to be English (a developer's message, a name) is German after all: German
 * letters or quotes, or German function words among no English ones („by an attempt” is English).
 */
const readsGerman = (text: string) =>
  /[äöüÄÖÜß„“”]/.test(text) || (GERMAN_WORDS.test(text) && !ENGLISH_WORDS.test(text));

/**
 * Capitalized names that protocols, formats and libraries spell so and code writes as they are:
 * the HTTP authentication scheme of `Authorization: Bearer <token>` (RFC 6750), the names of a
 * PDF's page tree (ISO 32000: `/Catalog`, `/Pages`, `/Parent`), the standard structure types and
 * attributes of a tagged PDF (ISO 32000 §14.7–14.8: `Document`, `Table`, `Figure`, `Link`, `Lbl`,
 * an artifact's `Pagination` `Layout` and edges, a header cell's `Row` or `Column` scope),
 * pdfkit's standard fonts and the files of the DejaVu fonts.
 */
const CODE_NAMES =
  /^(?:Bearer|Catalog|Pages|Parent|Document|Table|Figure|Link|Lbl|Artifact|Pagination|Layout|Top|Bottom|Row|Column|Helvetica(?:-Bold)?|DejaVuSans(?:-Bold)?\.ttf)$/;

/**
 * A text a person would read, written inline: any JSX text with letters; the value of a visible
 * attribute or property; elsewhere a text with German letters or quotes, a capitalized word or a
 * German function word. (Code's own strings — paths, keys, CSS, markup, `'POST'`, a protocol's
 * word, a font's name or characters, the English a developer reads in an error, a warning, a log
 * line or the API's documentation — have none of these or are told apart; a lone lower-case word
 * can't be told from a key and is left to review.)
 */
function isInlineText(literal: Literal): boolean {
  // German words have Latin letters: a text without is a number, a sign or a font's characters.
  if (!/[a-z]/i.test(literal.text) || literal.key) return false;
  if (literal.jsx) return true;
  if (literal.developer || CODE_NAMES.test(literal.text)) return readsGerman(literal.text);
  if (literal.name !== undefined && VISIBLE_NAMES.test(literal.name)) return true;
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

  it('is where the web app, the documents and the mails take their texts from: none is written inline', () => {
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

  it('tells a document’s or a mail’s text from the server code’s own strings', () => {
    const code = `
      const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', file: 'DejaVuSans-Bold.ttf' };
      const glyphs = 'ÄÖÜäöüß€§°–—„“”';
      const catalog = context.obj({ Type: 'Catalog', Pages: pages });
      page.set(PDFName.of('Parent'), pages);
      stream.data['Filter'] = 'FlateDecode';
      process.emitWarning(\`Documents are rendered in the main thread (\${reason})\`);
      this.#log.warn({ id }, 'delivery handed over by an attempt that died: not sent again');
      app.log.info('Lieferung an den Mailserver übergeben');
      request.log.error('Versand an Kunden fehlgeschlagen');
      app.get('/delivery/:id', { schema: { tags: ['deliveries'], summary: 'One delivery (admin)' } });
      app.post('/license-recovery', {
        schema: {
          tags: ['deliveries'],
          summary: 'Re-send the license documents of all bound licenses of an e-mail address',
          description: 'Always 202: the answer does not reveal whether licenses exist.',
        },
      });
      app.post('/binding', { schema: { tags: ['licenses'], summary: 'Lizenz an den Lizenznehmer binden' } });
      const panel = { description: 'Always 202' };
      const body = html\`<body style="font-family: Arial, Helvetica"><img alt="Logo des Herstellers" /><p>Guten Tag</p>\`;`;
    const inline = literals('service.ts', code, true)
      .filter(isInlineText)
      .map((literal) => literal.text);
    expect(inline).toEqual([
      'Lieferung an den Mailserver übergeben',
      'Versand an Kunden fehlgeschlagen',
      'Lizenz an den Lizenznehmer binden',
      'Always 202',
      'Logo des Herstellers Guten Tag',
    ]);
  });
});
