import decodeQR from 'qr/decode.js';
import { expect, test } from 'vitest';
import { directLoginUrl } from '@lizenzportal/domain';
import { drawQrCode } from './qr-code.ts';

const PIXELS_PER_MODULE = 4;
const QUIET_ZONE = 4;

/** What `drawQrCode` draws: the rectangles of dark modules and the transformation they are drawn in. */
function drawing(text: string, size: number) {
  const rects: [x: number, y: number, width: number, height: number][] = [];
  const transforms: number[][] = [];
  const doc = {
    save: () => doc,
    restore: () => doc,
    fill: () => doc,
    transform: (...matrix: number[]) => (transforms.push(matrix), doc),
    rect: (x: number, y: number, width: number, height: number) => (rects.push([x, y, width, height]), doc),
  };
  drawQrCode(doc as unknown as PDFKit.PDFDocument, text, 10, 20, size);
  return { rects, transforms };
}

/** The rectangles as an RGB image, dark on light, with a quiet zone around them. */
function rasterize(rects: [number, number, number, number][]) {
  const modules = Math.max(...rects.map(([x, , width]) => x + width));
  const side = (modules + 2 * QUIET_ZONE) * PIXELS_PER_MODULE;
  const data = new Uint8Array(side * side * 3).fill(255);
  for (const [x, y, width, height] of rects) {
    for (
      let row = (y + QUIET_ZONE) * PIXELS_PER_MODULE;
      row < (y + height + QUIET_ZONE) * PIXELS_PER_MODULE;
      row++
    ) {
      const from = (row * side + (x + QUIET_ZONE) * PIXELS_PER_MODULE) * 3;
      data.fill(0, from, from + width * PIXELS_PER_MODULE * 3);
    }
  }
  return { modules, image: { width: side, height: side, data } };
}

test('draws a QR code of the text that a scanner reads, `size` points wide', () => {
  const url = directLoginUrl('https://portal.example', 'ABCDEFGHJKLM', 'Nguyễn Thị Ørsted');
  const { rects, transforms } = drawing(url, 96);
  const { modules, image } = rasterize(rects);
  expect(decodeQR(image)).toBe(url);
  const [scale, , , , x, y] = transforms[0]!;
  expect([scale! * modules, x, y]).toEqual([96, 10, 20]);
});
