import QRCode from 'qrcode';

/**
 * Draws a QR code as vector squares: sharp at any print resolution and a few hundred bytes,
 * where an embedded PNG would be blurry or large. Dark modules of a row are merged into one
 * rectangle, and all of them are filled as one path so viewers show no seams between them. One
 * byte-mode segment: the encoder's search for an optimal mix of modes costs more than it saves here.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      doc.rect(x + start * cell, y + row * cell, (column - start) * cell, cell);
    }
  }
  doc.fill('#000000');
}
