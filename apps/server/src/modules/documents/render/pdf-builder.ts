import { documentTexts } from '@lizenzportal/domain';
import PDFDocument from 'pdfkit';
import type { Branding } from './branding.ts';
import { shareFontWork } from './font-caches.ts';
import type { FontSet } from './fonts.ts';
import { drawQrCode } from './qr-code.ts';

/** Branding and fonts: everything a document needs besides its content. */
export interface DocumentStyle {
  branding: Branding;
  fonts: FontSet;
}

export interface DocumentMeta {
  /** Shown in the page head and as the PDF title. */
  title: string;
  subject: string;
  createdAt: Date;
}

export interface TableColumn {
  header: string;
  /**
   * The one column that takes the width the others leave and wraps its cells (a text column);
   * every other column is as wide as its widest header or cell, so neither ever wraps.
   */
  fill?: boolean;
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: readonly string[];
  /** Sums and group titles stand out. */
  bold?: boolean;
  /** A group title (or an item with its discount row): never alone at the foot of a page, it moves to the next with the row after it. */
  keepWithNext?: boolean;
}

export interface CredentialItem {
  label: string;
  value: string;
}

/** A run of a line of text: plain, or a web or e-mail address that is a link to `href`. */
interface Run {
  text: string;
  href?: string;
}

type Tag = PDFKit.PDFStructureElement;
/** pdfkit's structure options beyond its typings: a table cell's scope, a figure's box. */
type TagOptions = PDFKit.Mixins.StructureElementOptions & {
  scope?: 'Row' | 'Column';
  bbox?: [left: number, top: number, right: number, bottom: number];
};

const FONT = { regular: 'regular', bold: 'bold' } as const;
const COLOR = {
  text: '#1f2933',
  muted: '#5f6b7a',
  accent: '#1d4e89',
  rule: '#d5dbe3',
  box: '#eef2f7',
  link: '#1d4e89',
} as const;
const MARGIN = { top: 100, bottom: 86, left: 62, right: 62 } as const;
const LABEL_WIDTH = 150;
/** Web and e-mail addresses in running text, without a sentence's closing punctuation. */
const ADDRESS = /^(https?:\/\/\S+?|[^\s@]+@[^\s@]+\.[^\s@]+?)([.,:;)]*)$/;
const TABLE_FONT_SIZE = 9.5;
/** Blocks taller than this (in points) are rare; above it a block surely fits without measuring. */
const NEAR_PAGE_END = 160;

/**
 * An A4 page frame (vendor head, footer with vendor details and page numbers) and the building
 * blocks the portal's documents are made of: title, headings, paragraphs, key–value tables,
 * numbered steps, a credentials box and a QR block. Blocks flow down the page and start a new
 * page when they do not fit.
 *
 * Every document is a tagged PDF (PDF/UA, decision 063): each block is an element of the structure
 * tree in reading order (headings H1/H2, paragraphs, lists, tables with header cells, a figure with
 * an alternative text for the QR code, links with their annotations), and everything else — page
 * head and foot, rules, shaded boxes, a repeated table head — is marked as an artifact, so a screen
 * reader reads the document and nothing twice.
 */
export class PdfBuilder {
  readonly doc: PDFKit.PDFDocument;
  readonly #style: DocumentStyle;
  readonly #meta: DocumentMeta;
  /** The structure tree's root element: every block is one of its children, in reading order. */
  readonly #root: Tag;

  constructor(style: DocumentStyle, meta: DocumentMeta) {
    this.#style = style;
    this.#meta = meta;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      // No default font: pdfkit would otherwise load Helvetica into every document.
      font: null as unknown as string,
      lang: 'de-DE',
      displayTitle: true,
      pdfVersion: '1.7',
      tagged: true,
      // pdfkit's typings know the PDF/A subsets only; 'PDF/UA' adds its identification to the metadata.
      subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
      info: {
        Title: meta.title,
        Subject: meta.subject,
        Author: style.branding.vendorName,
        Creator: documentTexts.shared.application,
        CreationDate: meta.createdAt,
      },
    });
    xmlSafeMetadata(this.doc);
    // pdfkit accepts a parsed fontkit font where its types say file name or buffer.
    this.doc.registerFont(FONT.regular, style.fonts.regular as string);
    this.doc.registerFont(FONT.bold, style.fonts.bold as string);
    shareFontWork(this.doc, style.fonts, FONT);
    this.#root = this.doc.struct('Document');
    this.doc.addStructure(this.#root);
    this.#drawHead();
    this.doc.on('pageAdded', () => this.#drawHead());
    this.#bodyText();
  }

  get #contentWidth(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }

  title(text: string, subtitle?: string): this {
    this.#tag('H1', () =>
      this.doc.font(FONT.bold).fontSize(20).fillColor(COLOR.accent).text(text, MARGIN.left, this.doc.y),
    );
    if (subtitle) {
      this.doc.moveDown(0.2);
      this.#tag('P', () => this.doc.font(FONT.regular).fontSize(12).fillColor(COLOR.muted).text(subtitle));
    }
    this.doc.moveDown(1);
    this.#bodyText();
    return this;
  }

  heading(text: string): this {
    // A heading never ends a page: it keeps at least two lines of its section with it.
    this.#ensureSpace(60);
    this.doc.moveDown(0.6);
    this.#tag('H2', () =>
      this.doc.font(FONT.bold).fontSize(12.5).fillColor(COLOR.accent).text(text, MARGIN.left),
    );
    this.doc.moveDown(0.35);
    this.#bodyText();
    return this;
  }

  paragraph(text: string, options: { muted?: boolean } = {}): this {
    const color = options.muted ? COLOR.muted : COLOR.text;
    this.doc
      .font(FONT.regular)
      .fontSize(options.muted ? 9 : 10)
      .fillColor(color);
    const paragraph = this.#tag('P');
    this.#richText(paragraph, text, MARGIN.left, this.#contentWidth, 2, color);
    paragraph.end();
    this.doc.moveDown(0.5);
    this.#bodyText();
    return this;
  }

  /** A two-column table: label left, value right; long values wrap within their column. */
  keyValues(rows: readonly (readonly [label: string, value: string])[]): this {
    const labelWidth = LABEL_WIDTH - 10;
    const valueX = MARGIN.left + LABEL_WIDTH;
    const valueWidth = this.#contentWidth - LABEL_WIDTH;
    const table = this.#tag('Table');
    for (const [label, value] of rows) {
      this.doc.font(FONT.regular).fontSize(10);
      this.#keepTogether(() =>
        Math.max(
          this.doc.heightOfString(label, { width: labelWidth }),
          this.doc.heightOfString(value, { width: valueWidth }),
        ),
      );
      const top = this.doc.y;
      const row = this.#tag('TR', undefined, {}, table);
      this.#tag(
        'TH',
        () => this.doc.fillColor(COLOR.muted).text(label, MARGIN.left, top, { width: labelWidth }),
        { scope: 'Row' },
        row,
      );
      const labelBottom = this.doc.y;
      this.#tag(
        'TD',
        () => this.doc.fillColor(COLOR.text).text(value, valueX, top, { width: valueWidth }),
        {},
        row,
      );
      row.end();
      const bottom = Math.max(labelBottom, this.doc.y);
      this.#rule(bottom + 1, 0.5);
      this.doc.x = MARGIN.left;
      this.doc.y = bottom + 5;
    }
    table.end();
    this.doc.moveDown(0.4);
    return this;
  }

  steps(items: readonly string[]): this {
    const indent = 20;
    const width = this.#contentWidth - indent;
    const list = this.#tag('L');
    items.forEach((text, index) => {
      this.doc.font(FONT.regular).fontSize(10);
      this.#keepTogether(() =>
        this.doc.heightOfString(this.#keepAddressesWhole(text, width), { width, lineGap: 2 }),
      );
      const top = this.doc.y;
      const item = this.#tag('LI', undefined, {}, list);
      this.#tag(
        'Lbl',
        () =>
          this.doc
            .font(FONT.bold)
            .fillColor(COLOR.accent)
            .text(`${index + 1}.`, MARGIN.left, top),
        {},
        item,
      );
      this.doc.font(FONT.regular).fillColor(COLOR.text);
      this.doc.y = top;
      const body = this.#tag('LBody', undefined, {}, item);
      this.#richText(body, text, MARGIN.left + indent, width, 2, COLOR.text);
      body.end();
      item.end();
      this.doc.x = MARGIN.left;
      this.doc.y += 4;
    });
    list.end();
    this.doc.moveDown(0.4);
    return this;
  }

  /**
   * A table with a header row, rules between the rows and cells that wrap within their column; a
   * row never breaks across pages, and the header is repeated on a new page.
   */
  table(columns: readonly TableColumn[], rows: readonly TableRow[]): this {
    const gap = 8;
    const widths = this.#columnWidths(columns, rows, gap);
    const rowHeight = (cells: readonly string[]) =>
      Math.max(...cells.map((cell, index) => this.doc.heightOfString(cell, { width: widths[index]! })));
    const table = this.#tag('Table');
    /** Draws a row: as the table's header row, a body row, or the header repeated on a new page (an artifact). */
    const drawRow = (
      cells: readonly string[],
      font: string,
      color: string,
      role: 'header' | 'body' | 'repeat',
      /** Room to leave below the row on its page: the row it keeps with. */
      reserve = 0,
    ) => {
      this.doc.font(font).fontSize(TABLE_FONT_SIZE);
      const height = rowHeight(cells);
      if (this.doc.y + height + reserve + 6 > this.doc.page.height - MARGIN.bottom) {
        this.doc.addPage();
        if (role === 'body') drawRow(header, FONT.bold, COLOR.muted, 'repeat');
        this.doc.font(font).fontSize(TABLE_FONT_SIZE);
      }
      const top = this.doc.y;
      let x = MARGIN.left;
      const drawCells = (cell: (index: number, draw: () => void) => void) =>
        cells.forEach((text, index) => {
          const left = x;
          cell(index, () =>
            this.doc
              .fillColor(color)
              .text(text, left, top, { width: widths[index]!, align: columns[index]!.align ?? 'left' }),
          );
          x += widths[index]! + gap;
        });
      if (role === 'repeat') {
        this.#artifact(() => drawCells((_, draw) => draw()));
      } else {
        const row = this.#tag('TR', undefined, {}, table);
        drawCells((_, draw) =>
          this.#tag(role === 'header' ? 'TH' : 'TD', draw, role === 'header' ? { scope: 'Column' } : {}, row),
        );
        row.end();
      }
      const bottom = top + height + 3;
      this.#rule(bottom, 0.5);
      this.doc.x = MARGIN.left;
      this.doc.y = bottom + 4;
    };
    const header = columns.map((column) => column.header);
    drawRow(header, FONT.bold, COLOR.muted, 'header');
    rows.forEach((row, index) => {
      // The rows kept with this one (a chain: a group title, its item, the item's discount row),
      // each with its height and the rule and spacing below a row (see `bottom`).
      let reserve = 0;
      for (let kept = index; rows[kept]?.keepWithNext && rows[kept + 1]; kept++) {
        reserve += rowHeight(rows[kept + 1]!.cells) + 7;
      }
      drawRow(row.cells, row.bold ? FONT.bold : FONT.regular, COLOR.text, 'body', reserve);
    });
    table.end();
    this.doc.moveDown(0.4);
    this.#bodyText();
    return this;
  }

  /**
   * Each column but the filling one as wide as its widest header or cell in the bold face at the
   * table's size (bold is the wider face: a total row's figures fit too); the filling one gets the rest.
   */
  #columnWidths(columns: readonly TableColumn[], rows: readonly TableRow[], gap: number): number[] {
    this.doc.font(FONT.bold).fontSize(TABLE_FONT_SIZE);
    // A little slack: pdfkit sums its words' widths, which may round above the string's width.
    const natural = columns.map(
      (column, index) =>
        Math.max(
          this.doc.widthOfString(column.header),
          ...rows.map((row) => this.doc.widthOfString(row.cells[index] ?? '')),
        ) + 1,
    );
    const fixed = natural.reduce((sum, width, index) => (columns[index]!.fill ? sum : sum + width), 0);
    const rest = this.#contentWidth - fixed - gap * (columns.length - 1);
    return natural.map((width, index) => (columns[index]!.fill ? rest : width));
  }

  /** A shaded box with the data a customer types in, side by side, large and easy to read. */
  credentials(items: readonly CredentialItem[]): this {
    const padding = 12;
    const gap = 16;
    const columnWidth = (this.#contentWidth - 2 * padding - gap * (items.length - 1)) / items.length;
    const valueHeight = (item: CredentialItem) =>
      this.doc.font(FONT.bold).fontSize(16).heightOfString(item.value, { width: columnWidth });
    const height = 2 * padding + 14 + Math.max(...items.map(valueHeight));
    this.#ensureSpace(height + 10);
    const top = this.doc.y;
    this.#artifact(() =>
      this.doc.roundedRect(MARGIN.left, top, this.#contentWidth, height, 6).fill(COLOR.box),
    );
    const x = (index: number) => MARGIN.left + padding + index * (columnWidth + gap);
    // A table of one header row (the labels) and one row of values: read as „Lizenzschlüssel: …”.
    const table = this.#tag('Table');
    const labels = this.#tag('TR', undefined, {}, table);
    items.forEach((item, index) =>
      this.#tag(
        'TH',
        () =>
          this.doc
            .font(FONT.regular)
            .fontSize(9)
            .fillColor(COLOR.muted)
            .text(item.label, x(index), top + padding, { width: columnWidth }),
        { scope: 'Column' },
        labels,
      ),
    );
    labels.end();
    const values = this.#tag('TR', undefined, {}, table);
    items.forEach((item, index) =>
      this.#tag(
        'TD',
        () =>
          this.doc
            .font(FONT.bold)
            .fontSize(16)
            .fillColor(COLOR.text)
            .text(item.value, x(index), top + padding + 14, { width: columnWidth }),
        {},
        values,
      ),
    );
    values.end();
    table.end();
    this.doc.x = MARGIN.left;
    this.doc.y = top + height + 10;
    this.#bodyText();
    return this;
  }

  /** A QR code of `url` with an explanation and the same address as a clickable link beside it. */
  qrBlock(url: string, caption: string): this {
    const size = 96;
    const textX = MARGIN.left + size + 18;
    const textWidth = this.#contentWidth - size - 18;
    this.#ensureSpace(size + 10);
    const top = this.doc.y;
    this.#tag('Figure', () => drawQrCode(this.doc, url, MARGIN.left, top, size), {
      alt: documentTexts.shared.qrCodeAlt,
      bbox: [MARGIN.left, top, MARGIN.left + size, top + size],
    });
    this.#tag('P', () =>
      this.doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text).text(caption, textX, top, {
        width: textWidth,
        lineGap: 2,
      }),
    );
    this.doc.moveDown(0.4).fontSize(8.5).fillColor(COLOR.link);
    const paragraph = this.#tag('P');
    const link = this.#tag('Link', undefined, {}, paragraph);
    for (const line of this.#breakUrl(url, textWidth)) {
      link.add(() => this.#linkText(link, line, textX, this.doc.y, url));
      this.doc.y += this.doc.currentLineHeight(true) + 1;
    }
    link.end();
    paragraph.end();
    this.doc.x = MARGIN.left;
    this.doc.y = Math.max(this.doc.y, top + size) + 10;
    this.#bodyText();
    return this;
  }

  /** Adds the page footers and returns the finished PDF file. */
  async finish(): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    const ended = new Promise<void>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.#drawFooters();
    this.#root.end();
    this.doc.end();
    await ended;
    return Buffer.concat(chunks);
  }

  /**
   * A structure element of `type` under `parent` (the root by default), in reading order; `draw`
   * draws its content now. Without `draw` it stays open for children: `end()` it when done.
   */
  #tag(type: string, draw?: () => unknown, options: TagOptions = {}, parent: Tag = this.#root): Tag {
    const element = draw ? this.doc.struct(type, options, () => void draw()) : this.doc.struct(type, options);
    parent.add(element);
    return element;
  }

  /** Draws what is no content (page head and foot, rules, boxes) as an artifact, outside the structure tree. */
  #artifact(draw: () => unknown, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  #rule(y: number, width: number): void {
    this.#artifact(() =>
      this.doc
        .moveTo(MARGIN.left, y)
        .lineTo(MARGIN.left + this.#contentWidth, y)
        .lineWidth(width)
        .strokeColor(COLOR.rule)
        .stroke(),
    );
  }

  /**
   * Text in the current font, at `x` from the current `y`, in lines of at most `width`, as content
   * of `parent`: web and e-mail addresses in it become links (a Link element with its annotation),
   * and an address is broken only where `#keepAddressesWhole` would break it.
   */
  #richText(parent: Tag, text: string, x: number, width: number, lineGap: number, color: string): void {
    const lines = this.#richLines(text, width);
    if (!lines.some((line) => line.some((run) => run.href))) {
      parent.add(() => this.doc.text(text, x, this.doc.y, { width, lineGap }));
      this.doc.x = MARGIN.left;
      return;
    }
    const lineHeight = this.doc.currentLineHeight(true) + lineGap;
    for (const line of lines) {
      if (this.doc.y + lineHeight > this.doc.page.height - MARGIN.bottom) this.doc.addPage();
      const top = this.doc.y;
      let left = x;
      for (const run of line) {
        const runX = left;
        const { href } = run;
        if (href) {
          const link = this.#tag('Link', undefined, {}, parent);
          link.add(() => this.#linkText(link, run.text, runX, top, href));
          link.end();
          this.doc.fillColor(color);
        } else {
          parent.add(() => this.doc.text(run.text, runX, top, { lineBreak: false }));
        }
        left += this.doc.widthOfString(run.text);
      }
      this.doc.y = top + lineHeight;
    }
    this.doc.x = MARGIN.left;
  }

  /** One line of a link's text, underlined, with its link annotation tagged as part of `link`. */
  #linkText(link: Tag, text: string, x: number, y: number, href: string): void {
    this.doc.fillColor(COLOR.link).text(text, x, y, { lineBreak: false, underline: true });
    const description = href.startsWith('mailto:') ? href.slice('mailto:'.length) : href;
    // pdfkit writes a String object as a PDF string (a plain string would become a name). PDF/UA
    // asks every link annotation for a description of its own.
    // eslint-disable-next-line @typescript-eslint/no-wrapper-object-types
    const contents: String = new String(description);
    this.doc.link(x, y, this.doc.widthOfString(text), this.doc.currentLineHeight(), href, {
      structParent: link,
      Contents: contents,
    } as unknown as PDFKit.Mixins.AnnotationOption);
  }

  /**
   * `text` in lines of runs for `width`: words wrap as pdfkit would wrap them, an address is a run
   * of its own (a link), and an address wider than a line breaks after one of its slashes.
   */
  #richLines(text: string, width: number): Run[][] {
    const lines: Run[][] = [];
    for (const paragraph of text.split('\n')) {
      let line: Run[] = [];
      let lineWidth = 0;
      const push = (run: Run) => {
        const last = line.at(-1);
        if (last && !last.href && !run.href) last.text += run.text;
        else line.push({ ...run });
        lineWidth += this.doc.widthOfString(run.text);
      };
      const newLine = () => {
        if (line.length > 0) lines.push(line);
        line = [];
        lineWidth = 0;
      };
      for (const [index, word] of paragraph.split(' ').entries()) {
        const space = index === 0 || line.length === 0 ? '' : ' ';
        const match = ADDRESS.exec(word);
        const runs: Run[] = match
          ? [
              { text: match[1]!, href: match[1]!.includes('://') ? match[1]! : `mailto:${match[1]!}` },
              ...(match[2] ? [{ text: match[2] }] : []),
            ]
          : [{ text: word }];
        const wordWidth = this.doc.widthOfString(word);
        if (line.length > 0 && lineWidth + this.doc.widthOfString(space) + wordWidth > width - 2) newLine();
        else if (space) push({ text: space });
        if (match && wordWidth > width - 2) {
          // Wider than a line: its pieces on lines of their own, each a link to the whole address.
          const pieces = this.#breakUrl(match[1]!, width);
          pieces.forEach((piece, pieceIndex) => {
            if (pieceIndex > 0) newLine();
            push({ text: piece, href: runs[0]!.href! });
          });
          if (runs[1]) push(runs[1]);
          continue;
        }
        for (const run of runs) push(run);
      }
      newLine();
    }
    return lines;
  }

  #bodyText(): void {
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text);
  }

  /**
   * Splits an address into lines of at most `width` after `/ ? & =` or before `%`. pdfkit would
   * break a word wider than the line by trying ever other lengths of it, laying each out anew;
   * here only the short pieces are measured, and those recur from document to document.
   */
  #breakUrl(url: string, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const piece of url.split(/(?<=[/?&=])|(?=%)/)) {
      const pieceWidth = this.doc.widthOfString(piece);
      // A little slack: kerning between pieces is not in the sum of their widths.
      if (line && lineWidth + pieceWidth > width - 2) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += piece;
      lineWidth += pieceWidth;
    }
    if (line) lines.push(line);
    return lines;
  }

  /**
   * `text` with line breaks of its own wherever it holds a web address, for the current font and
   * size: pdfkit would break an address after „http://” or inside its host; here its lines break
   * only between words, and an address wider than a whole line only after one of its slashes.
   */
  #keepAddressesWhole(text: string, width: number): string {
    if (!text.includes('://')) return text;
    const fits = (line: string) => this.doc.widthOfString(line) <= width - 2;
    const wrap = (paragraph: string) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(' ')) {
        if (line === '' || fits(`${line} ${word}`)) {
          line = line === '' ? word : `${line} ${word}`;
          continue;
        }
        lines.push(line);
        line = word;
      }
      lines.push(line);
      return lines.flatMap((wrapped) =>
        wrapped.includes('://') && !fits(wrapped) ? this.#breakUrl(wrapped, width) : [wrapped],
      );
    };
    return text.split('\n').map(wrap).flat().join('\n');
  }

  #ensureSpace(height: number): void {
    if (this.doc.y + height > this.doc.page.height - MARGIN.bottom) this.doc.addPage();
  }

  /**
   * Starts a new page when a block of `measure()` height would not fit. Measuring lays the text out
   * a second time, so it only happens near the end of a page, where a block could be cut.
   */
  #keepTogether(measure: () => number): void {
    if (this.doc.page.height - MARGIN.bottom - this.doc.y < NEAR_PAGE_END) this.#ensureSpace(measure() + 6);
  }

  #drawHead(): void {
    const { doc } = this;
    const { branding } = this.#style;
    const top = 40;
    const { x, y } = doc;
    doc.markContent('Artifact', { type: 'Pagination', attached: ['Top'] });
    if (branding.logo) {
      doc.image(branding.logo, MARGIN.left, top - 4, { fit: [160, 40] });
    } else {
      doc
        .font(FONT.bold)
        .fontSize(12)
        .fillColor(COLOR.accent)
        .text(branding.vendorName, MARGIN.left, top, { width: 300, lineBreak: false });
    }
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(this.#meta.title, MARGIN.left, top + 2, { width: this.#contentWidth, align: 'right' });
    doc
      .moveTo(MARGIN.left, 82)
      .lineTo(doc.page.width - MARGIN.right, 82)
      .lineWidth(0.75)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.endMarkedContent();
    doc.x = x;
    doc.y = y;
    this.#bodyText();
  }

  #drawFooters(): void {
    const { doc } = this;
    const { branding } = this.#style;
    const range = doc.bufferedPageRange();
    const lines = [
      `${branding.vendorName} · ${branding.vendorAddress}`,
      documentTexts.shared.footerContacts(branding),
    ];
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const top = doc.page.height - 64;
      // Writing below the bottom margin would make pdfkit start a new page.
      doc.page.margins.bottom = 0;
      doc.markContent('Artifact', { type: 'Pagination', attached: ['Bottom'] });
      doc
        .moveTo(MARGIN.left, top - 8)
        .lineTo(doc.page.width - MARGIN.right, top - 8)
        .lineWidth(0.75)
        .strokeColor(COLOR.rule)
        .stroke();
      const width = this.#contentWidth - 80;
      doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
      doc.text(this.#keepAddressesWhole(lines.join('\n'), width), MARGIN.left, top, { width, lineGap: 1.5 });
      doc.text(documentTexts.shared.pageOf(index - range.start + 1, range.count), MARGIN.left, top, {
        width: this.#contentWidth,
        align: 'right',
      });
      doc.endMarkedContent();
      doc.page.margins.bottom = MARGIN.bottom;
    }
  }
}

/**
 * pdfkit writes the info's strings into the XMP metadata as they are, so a vendor „Müller & Söhne”
 * would make it malformed XML (PDF/UA reads the title there). The Info dictionary is written
 * before the metadata, from the plain strings; the metadata gets them escaped.
 */
function xmlSafeMetadata(doc: PDFKit.PDFDocument): void {
  const withMetadata = doc as PDFKit.PDFDocument & { endMetadata(): void };
  const endMetadata = withMetadata.endMetadata.bind(doc);
  withMetadata.endMetadata = () => {
    const info = doc.info as Record<string, unknown>;
    for (const [key, value] of Object.entries(info)) {
      if (typeof value === 'string') info[key] = value.replace(/[&<>]/g, (char) => XML_ESCAPES[char]!);
    }
    endMetadata();
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
