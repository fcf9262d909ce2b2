import { documentTexts, formatLicenseKey } from '@lizenzportal/domain';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { DocumentRenderer } from './document-renderer.ts';
import { loadUnicodeFonts } from './fonts.ts';
import { exampleOffer } from './offer-document.ts';
import { bound, branding, createdAt, license } from './render-test-fixtures.ts';

/**
 * The documents a customer receives are tagged PDFs (PDF/UA): a screen reader finds their language,
 * title, headings, tables with header cells, lists, the QR code's alternative text and real links,
 * in reading order, and reads no page head, foot or rule as content (decision 063).
 */

const renderer = new DocumentRenderer({ branding, fonts: loadUnicodeFonts() });

/** An element of the structure tree as a reader sees it: its role, its text, its children. */
interface Node {
  role: string;
  alt?: string;
  /** The text of the marked content it holds, its children's included. */
  text: string;
  children: Node[];
  /** The ids of the link annotations it holds (pdf.js: `85R`). */
  annotations: string[];
}

interface PdfJsNode {
  role?: string;
  alt?: string;
  type?: 'content' | 'object' | 'annotation';
  id?: string;
  children?: PdfJsNode[];
}

/** The structure tree of every page, with each element's text, and what the pages draw outside it. */
async function readTagged(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { OPS } = await getResolvedPDFJS();
  const painting = new Set<number>(
    [
      OPS.showText,
      OPS.showSpacedText,
      OPS.fill,
      OPS.eoFill,
      OPS.stroke,
      OPS.fillStroke,
      OPS.paintImageXObject,
    ]
      .concat([OPS.constructPath])
      .filter((op) => op !== undefined),
  );
  const marked = new Set<number>([OPS.beginMarkedContent, OPS.beginMarkedContentProps]);
  const pages: Node[] = [];
  const links: { url: string; contents: string; id: string }[] = [];
  let untaggedDrawing = 0;
  let untaggedText: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    // The text of each marked content by its id; text outside any is untagged.
    const texts = new Map<string, string>();
    const open: string[] = [];
    for (const item of (await page.getTextContent({ includeMarkedContent: true })).items as {
      type?: string;
      id?: string;
      tag?: string;
      str?: string;
    }[]) {
      if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
        open.push(item.id ?? item.tag ?? '');
      } else if (item.type === 'endMarkedContent') {
        open.pop();
      } else if (item.str?.trim()) {
        const id = open.at(-1);
        if (id === undefined) untaggedText.push(item.str);
        else texts.set(id, `${texts.get(id) ?? ''}${item.str}`);
      }
    }
    // Drawing operators (text, paths, images) outside any marked content.
    let depth = 0;
    const operators = await page.getOperatorList();
    for (const op of operators.fnArray) {
      if (marked.has(op)) depth++;
      else if (op === OPS.endMarkedContent) depth--;
      else if (depth === 0 && painting.has(op)) untaggedDrawing++;
    }
    const convert = (node: PdfJsNode): Node => {
      const kids = (node.children ?? []).map((child) =>
        child.role === undefined ? { content: child } : { element: convert(child) },
      );
      const children = kids.flatMap((kid) => (kid.element ? [kid.element] : []));
      // The text in reading order: the element's own content and its children's, as they come.
      const text = kids
        .map((kid) =>
          kid.element
            ? kid.element.text
            : kid.content.type === 'content'
              ? (texts.get(kid.content.id!) ?? '')
              : '',
        )
        .join('');
      return {
        role: node.role!,
        ...(node.alt ? { alt: node.alt } : {}),
        text: text.replace(/\s+/g, ' ').trim(),
        children,
        annotations: (node.children ?? [])
          .filter((child) => child.type === 'object')
          .map((child) => child.id!),
      };
    };
    pages.push(convert((await page.getStructTree()) as PdfJsNode));
    for (const annotation of (await page.getAnnotations()) as {
      subtype: string;
      url?: string;
      id: string;
      contentsObj?: { str: string };
    }[]) {
      if (annotation.subtype === 'Link') {
        links.push({
          url: annotation.url ?? '',
          contents: annotation.contentsObj?.str ?? '',
          id: annotation.id,
        });
      }
    }
  }
  untaggedText = untaggedText.filter(Boolean);
  return { pages, links, untaggedDrawing, untaggedText };
}

/** Every element of the tree, depth first (reading order). */
const flatten = (node: Node): Node[] => [node, ...node.children.flatMap(flatten)];

/** What the document catalogue says of language, title, marking and conformance. */
async function catalogue(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const { catalog } = pdf;
  const preferences = catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict);
  const stream = catalog.lookup(PDFName.of('Metadata'));
  const metadata = stream instanceof PDFRawStream ? stream : undefined;
  return {
    lang: catalog.get(PDFName.of('Lang'))?.toString(),
    displayTitle: preferences?.get(PDFName.of('DisplayDocTitle'))?.toString(),
    marked: markInfo?.get(PDFName.of('Marked'))?.toString(),
    structTree: catalog.has(PDFName.of('StructTreeRoot')),
    title: pdf.getTitle(),
    metadata: metadata ? Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8') : '',
  };
}

const kinds = {
  starter: () => renderer.render({ kind: 'starter', license: license(), createdAt }),
  license: () => renderer.render({ kind: 'license', license: bound, createdAt }),
  offer: () => renderer.render({ kind: 'offer', offer: exampleOffer(createdAt), createdAt }),
};

describe.each(Object.entries(kinds))('the %s document as a tagged PDF', (kind, render) => {
  test('names its language and title, is marked and claims PDF/UA', async () => {
    const facts = await catalogue(await render());
    expect(facts).toMatchObject({
      lang: '(de-DE)',
      displayTitle: 'true',
      marked: 'true',
      structTree: true,
      title: documentTexts[kind as keyof typeof kinds].title,
    });
    expect(facts.metadata).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
  });

  test('keeps its metadata well-formed XML whatever the vendor is called', async () => {
    const vendorName = 'Müller & Söhne <Förderbedarf>';
    const withAmpersand = new DocumentRenderer({
      branding: { ...branding, vendorName },
      fonts: loadUnicodeFonts(),
    });
    const rendered = {
      starter: () => withAmpersand.render({ kind: 'starter', license: license(), createdAt }),
      license: () => withAmpersand.render({ kind: 'license', license: bound, createdAt }),
      offer: () => withAmpersand.render({ kind: 'offer', offer: exampleOffer(createdAt), createdAt }),
    }[kind as keyof typeof kinds];
    const bytes = await rendered();
    const facts = await catalogue(bytes);
    expect(facts.metadata).toContain('<rdf:li>Müller &amp; Söhne &lt;Förderbedarf&gt;</rdf:li>');
    expect((await PDFDocument.load(bytes, { updateMetadata: false })).getAuthor()).toBe(vendorName);
  });

  test('draws nothing outside its structure tree but artifacts', async () => {
    const { untaggedDrawing, untaggedText } = await readTagged(await render());
    expect(untaggedText).toEqual([]);
    expect(untaggedDrawing).toBe(0);
  });

  test('reads as one title, its headings, tables with header cells and real links', async () => {
    const { pages, links } = await readTagged(await render());
    const elements = pages.flatMap(flatten);
    const roles = elements.map((element) => element.role);
    expect(roles.filter((role) => role === 'H1')).toHaveLength(1);
    expect(roles.indexOf('H1')).toBeLessThan(roles.indexOf('H2'));
    // Every table has a header cell in each row or a header row first.
    for (const table of elements.filter((element) => element.role === 'Table')) {
      const rows = table.children.filter((child) => child.role === 'TR');
      expect(rows.length).toBeGreaterThan(0);
      const headerRow = rows[0]!.children.every((cell) => cell.role === 'TH');
      const headerColumn = rows.every((row) => row.children[0]?.role === 'TH');
      expect(headerRow || headerColumn, table.text).toBe(true);
    }
    // Every link annotation belongs to a Link element, points somewhere and says where.
    const linked = new Set(
      elements.filter((element) => element.role === 'Link').flatMap((element) => element.annotations),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(linked, link.url).toContain(link.id);
      expect(link.url).toMatch(/^(https?|mailto):/);
      expect(link.contents).not.toBe('');
    }
    // The support address and the shop are links in the closing line.
    expect(links.map((link) => link.url)).toEqual(
      expect.arrayContaining(['mailto:support@example.com', 'https://shop.example/']),
    );
  });
});

describe('what a screen reader reads', () => {
  test('the license document: headings, the holder table, the sign-in data and the QR code’s text', async () => {
    const { pages, links } = await readTagged(await kinds.license());
    const elements = pages.flatMap(flatten);
    const texts = (role: string) => elements.filter((element) => element.role === role).map((e) => e.text);
    expect(texts('H1')).toEqual([documentTexts.license.heading]);
    expect(texts('H2')).toEqual([
      documentTexts.license.holderHeading,
      documentTexts.shared.licenseHeading,
      documentTexts.license.signInHeading,
    ]);
    const holderTable = elements.find((element) => element.role === 'Table')!;
    expect(holderTable.children[0]!.children.map((cell) => [cell.role, cell.text])).toEqual([
      ['TH', documentTexts.license.holderName],
      ['TD', bound.holder.name],
    ]);
    // The credentials: a header row of labels above a row of values.
    const credentials = elements.filter((element) => element.role === 'Table').at(-1)!;
    expect(credentials.children.map((row) => row.children.map((cell) => cell.text))).toEqual([
      [documentTexts.shared.licenseKey, documentTexts.license.holderNameCredential],
      [formatLicenseKey(bound.key), bound.authenticationCode],
    ]);
    const figure = elements.find((element) => element.role === 'Figure')!;
    expect(figure.alt).toBe(documentTexts.shared.qrCodeAlt);
    // The direct-login link, broken over lines, is one link to the whole address.
    const direct = links.filter((link) => link.url.startsWith(`${branding.portalUrl}/login?`));
    expect(direct.length).toBeGreaterThan(1);
    expect(new Set(direct.map((link) => link.url)).size).toBe(1);
  });

  test('the starter document: binding steps as a list, the portal address in them a link', async () => {
    const { pages, links } = await readTagged(await kinds.starter());
    const elements = pages.flatMap(flatten);
    const list = elements.find((element) => element.role === 'L')!;
    const items = list.children.filter((child) => child.role === 'LI');
    expect(items).toHaveLength(4);
    expect(items[0]!.children.map((child) => child.role)).toEqual(['Lbl', 'LBody']);
    expect(items[0]!.children[0]!.text).toBe('1.');
    expect(items[0]!.text).toContain(`${branding.portalUrl}.`);
    expect(flatten(items[0]!).some((element) => element.role === 'Link')).toBe(true);
    expect(links.map((link) => link.url)).toContain(`${branding.portalUrl}/`);
  });

  test('the offer: the line items with their column headers, the totals and the shop a link', async () => {
    const { pages } = await readTagged(await kinds.offer());
    const elements = pages.flatMap(flatten);
    const items = elements.filter((element) => element.role === 'Table')[1]!;
    const [header, first] = items.children;
    expect(header!.children.map((cell) => cell.text)).toEqual([
      'Artikel',
      'Menge',
      'Einzelpreis',
      'Summe',
      'Summe netto',
    ]);
    expect(first!.children.map((cell) => cell.text)).toEqual([
      'Pro-Lizenz Version 9',
      '10',
      '51,30 €',
      '513,00 €',
      '431,09 €',
    ]);
    const steps = elements.find((element) => element.role === 'L')!;
    expect(flatten(steps).find((element) => element.role === 'Link')?.text).toBe(branding.shopUrl);
  });

  test('a table continued on a new page repeats its head as an artifact, not as a row', async () => {
    const offer = exampleOffer(createdAt);
    const lines = Array.from({ length: 30 }, (_, index) => ({
      ...offer.cart.groupedLineItems[0]!,
      uid: String(index),
      customerReference: `Kunde ${index + 1}`,
    }));
    const bytes = await renderer.render({
      kind: 'offer',
      offer: { ...offer, cart: { ...offer.cart, groupedLineItems: lines } },
      createdAt,
    });
    const { pages, untaggedText } = await readTagged(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(untaggedText).toEqual([]);
    const headerRows = pages
      .flatMap(flatten)
      .filter((element) => element.role === 'TR' && element.children.every((cell) => cell.role === 'TH'))
      .filter((row) => row.text.startsWith('Artikel'));
    expect(headerRows).toHaveLength(1);
  });
});
