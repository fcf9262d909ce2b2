import encodeQR from 'qr';

/**
 * Draws a QR code as vector squares: sharp at any print resolution and a few hundred bytes,
 * where an embedded PNG would be blurry or large. Dark modules of a row are merged into one
 * rectangle, and all of them are filled as one path so viewers show no seams between them. One
 * byte-mode segment (UTF-8), error correction level M, the mask chosen by the standard's penalty
 * rules; the page around the code is its quiet zone.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  // The encoder always adds a quiet zone; one module wide is the least it takes, cut off here.
  const border = 1;
  const matrix = encodeQR(text, 'raw', { ecc: 'medium', encoding: 'byte', border });
  const modules = matrix.length - 2 * border;
  // Drawn in module units: short integer coordinates keep the content stream small.
  doc.save().transform(size / modules, 0, 0, size / modules, x, y);
  for (let row = 0; row < modules; row++) {
    const dark = matrix[row + border]!;
    let column = 0;
    while (column < modules) {
      if (!dark[column + border]) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules && dark[column + border]) column++;
      doc.rect(start, row, column - start, 1);
    }
  }
  doc.fill('#000000').restore();
}
