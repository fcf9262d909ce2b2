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
}

export interface CredentialItem {
  label: string;
  value: string;
}

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
const TABLE_FONT_SIZE = 9.5;
/** Blocks taller than this (in points) are rare; above it a block surely fits without measuring. */
const NEAR_PAGE_END = 160;

/**
 * An A4 page frame (vendor head, footer with vendor details and page numbers) and the building
 * blocks the portal's documents are made of: title, headings, paragraphs, key–value tables,
 * numbered steps, a credentials box and a QR block. Blocks flow down the page and start a new
 * page when they do not fit; `doc` is open for anything else (e.g. pdfkit's `doc.table()`).
 */
export class PdfBuilder {
  readonly doc: PDFKit.PDFDocument;
  readonly #style: DocumentStyle;
  readonly #meta: DocumentMeta;

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
      info: {
        Title: meta.title,
        Subject: meta.subject,
        Author: style.branding.vendorName,
        Creator: documentTexts.shared.application,
        CreationDate: meta.createdAt,
      },
    });
    // pdfkit accepts a parsed fontkit font where its types say file name or buffer.
    this.doc.registerFont(FONT.regular, style.fonts.regular as string);
    this.doc.registerFont(FONT.bold, style.fonts.bold as string);
    shareFontWork(this.doc, style.fonts, FONT);
    this.#drawHead();
    this.doc.on('pageAdded', () => this.#drawHead());
    this.#bodyText();
  }

  get #contentWidth(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }

  title(text: string, subtitle?: string): this {
    this.doc.font(FONT.bold).fontSize(20).fillColor(COLOR.accent).text(text, MARGIN.left, this.doc.y);
    if (subtitle)
      this.doc.moveDown(0.2).font(FONT.regular).fontSize(12).fillColor(COLOR.muted).text(subtitle);
    this.doc.moveDown(1);
    this.#bodyText();
    return this;
  }

  heading(text: string): this {
    // A heading never ends a page: it keeps at least two lines of its section with it.
    this.#ensureSpace(60);
    this.doc.moveDown(0.6).font(FONT.bold).fontSize(12.5).fillColor(COLOR.accent).text(text, MARGIN.left);
    this.doc.moveDown(0.35);
    this.#bodyText();
    return this;
  }

  paragraph(text: string, options: { muted?: boolean } = {}): this {
    this.doc
      .font(FONT.regular)
      .fontSize(options.muted ? 9 : 10)
      .fillColor(options.muted ? COLOR.muted : COLOR.text);
    this.doc.text(this.#keepAddressesWhole(text, this.#contentWidth), MARGIN.left, this.doc.y, {
      width: this.#contentWidth,
      lineGap: 2,
    });
    this.doc.moveDown(0.5);
    this.#bodyText();
    return this;
  }

  /** A two-column table: label left, value right; long values wrap within their column. */
  keyValues(rows: readonly (readonly [label: string, value: string])[]): this {
    const labelWidth = LABEL_WIDTH - 10;
    const valueX = MARGIN.left + LABEL_WIDTH;
    const valueWidth = this.#contentWidth - LABEL_WIDTH;
    for (const [label, value] of rows) {
      this.doc.font(FONT.regular).fontSize(10);
      this.#keepTogether(() =>
        Math.max(
          this.doc.heightOfString(label, { width: labelWidth }),
          this.doc.heightOfString(value, { width: valueWidth }),
        ),
      );
      const top = this.doc.y;
      this.doc.fillColor(COLOR.muted).text(label, MARGIN.left, top, { width: labelWidth });
      const labelBottom = this.doc.y;
      this.doc.fillColor(COLOR.text).text(value, valueX, top, { width: valueWidth });
      const bottom = Math.max(labelBottom, this.doc.y);
      this.doc
        .moveTo(MARGIN.left, bottom + 1)
        .lineTo(MARGIN.left + this.#contentWidth, bottom + 1)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      this.doc.x = MARGIN.left;
      this.doc.y = bottom + 5;
    }
    this.doc.moveDown(0.4);
    return this;
  }

  steps(items: readonly string[]): this {
    const indent = 20;
    const options = { width: this.#contentWidth - indent, lineGap: 2 };
    items.forEach((text, index) => {
      this.doc.font(FONT.regular).fontSize(10);
      const item = this.#keepAddressesWhole(text, options.width);
      this.#keepTogether(() => this.doc.heightOfString(item, options));
      const top = this.doc.y;
      this.doc
        .font(FONT.bold)
        .fillColor(COLOR.accent)
        .text(`${index + 1}.`, MARGIN.left, top);
      this.doc
        .font(FONT.regular)
        .fillColor(COLOR.text)
        .text(item, MARGIN.left + indent, top, options);
      this.doc.x = MARGIN.left;
      this.doc.y += 4;
    });
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
    const drawRow = (cells: readonly string[], font: string, color: string) => {
      this.doc.font(font).fontSize(TABLE_FONT_SIZE);
      const height = rowHeight(cells);
      if (this.doc.y + height + 6 > this.doc.page.height - MARGIN.bottom) {
        this.doc.addPage();
        if (cells !== header) drawRow(header, FONT.bold, COLOR.muted);
        this.doc.font(font).fontSize(TABLE_FONT_SIZE);
      }
      const top = this.doc.y;
      let x = MARGIN.left;
      cells.forEach((cell, index) => {
        this.doc
          .fillColor(color)
          .text(cell, x, top, { width: widths[index]!, align: columns[index]!.align ?? 'left' });
        x += widths[index]! + gap;
      });
      const bottom = top + height + 3;
      this.doc
        .moveTo(MARGIN.left, bottom)
        .lineTo(MARGIN.left + this.#contentWidth, bottom)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      this.doc.x = MARGIN.left;
      this.doc.y = bottom + 4;
    };
    const header = columns.map((column) => column.header);
    drawRow(header, FONT.bold, COLOR.muted);
    for (const row of rows) drawRow(row.cells, row.bold ? FONT.bold : FONT.regular, COLOR.text);
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
    this.doc.roundedRect(MARGIN.left, top, this.#contentWidth, height, 6).fill(COLOR.box);
    items.forEach((item, index) => {
      const x = MARGIN.left + padding + index * (columnWidth + gap);
      this.doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(COLOR.muted)
        .text(item.label, x, top + padding, { width: columnWidth });
      this.doc
        .font(FONT.bold)
        .fontSize(16)
        .fillColor(COLOR.text)
        .text(item.value, x, top + padding + 14, { width: columnWidth });
    });
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
    drawQrCode(this.doc, url, MARGIN.left, top, size);
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLOR.text).text(caption, textX, top, {
      width: textWidth,
      lineGap: 2,
    });
    this.doc.moveDown(0.4).fontSize(8.5).fillColor(COLOR.link);
    for (const line of this.#breakUrl(url, textWidth)) {
      this.doc.text(line, textX, this.doc.y, { lineBreak: false, link: url, underline: true });
      // Without line breaking pdfkit leaves `y` where it was: the next line goes below by hand.
      this.doc.y += this.doc.currentLineHeight(true) + 1;
    }
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
    this.doc.end();
    await ended;
    return Buffer.concat(chunks);
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
      doc.page.margins.bottom = MARGIN.bottom;
    }
  }
}
