import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * What pdfkit accepts as a font: the name of one of the 14 standard PDF fonts (WinAnsi only, not
 * embedded) or a parsed TrueType font, which pdfkit subsets and embeds.
 */
export type PdfFont = string | fontkit.Font;

/** The two faces the portal's documents use. */
export interface FontSet {
  regular: PdfFont;
  bold: PdfFont;
}

let unicodeFonts: FontSet | undefined;

/**
 * DejaVu Sans (Latin, Greek, Cyrillic, Vietnamese, …), so holder names like „Nguyễn Thị Ørsted”
 * print as written. Parsed once per process (per worker thread): parsing a TrueType file per
 * document costs more than rendering the whole document. `font-caches.ts` keeps the work that
 * repeats across documents with each font.
 */
export function loadUnicodeFonts(): FontSet {
  if (!unicodeFonts) {
    const directory = path.join(
      path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    const load = (file: string) =>
      fontkit.create(fs.readFileSync(path.join(directory, file))) as fontkit.Font;
    unicodeFonts = { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') };
  }
  return unicodeFonts;
}

/** pdfkit's built-in fonts: no embedding, WinAnsi characters only (the benchmark's floor). */
export const STANDARD_FONTS: FontSet = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
