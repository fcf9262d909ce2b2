import { purchaseCart, type ResellerLicense } from '@lizenzportal/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { pageTexts, pdfText, placedTexts } from '../test-fixtures.ts';
import { DocumentRenderer } from './document-renderer.ts';
import { loadUnicodeFonts } from './fonts.ts';
import { exampleOffer } from './offer-document.ts';
import { branding, createdAt } from './render-test-fixtures.ts';

const renderer = new DocumentRenderer({ branding, fonts: loadUnicodeFonts() });

describe('offer document', () => {
  test('shows number, date, validity, addresses, every line with its prices, the totals and the code', async () => {
    const offer = exampleOffer(createdAt);
    const text = await pdfText(await renderer.render({ kind: 'offer', offer, createdAt }));
    for (const expected of [
      'Angebot',
      'Nr. ANG-2026-00001',
      'Datum 14.03.25',
      'Gültig bis 13.04.25',
      'Art des Kaufs Neukauf',
      'Ihre Referenz Bestellung 2026/17',
      'Förderschule am See Verwaltung Seestraße 1 78462 Konstanz Deutschland',
      // 10 pro seats at the shop's prices (decision 067): 90,00 € − 38,70 € = 51,30 € each,
      // × 10 = 513,00 €, ÷ 1,19 = 431,09 € net (DESIGN.md §4).
      'Artikel Menge Einzelpreis Summe Summe netto',
      'Pro-Lizenz Version 9 10 51,30 € 513,00 € 431,09 € Listenpreis 90,00 € − Mengenrabatt 38,70 €',
      'Zusätzliche DVD Version 9 1 15,00 € 15,00 € 12,61 €',
      'Summe netto 443,70 €',
      'MwSt. 19 % 84,30 €',
      'Listenpreis, Mengenrabatt, Einzelpreis und Summe sind Preise des Shops einschließlich 19 % deutscher MwSt.; die Summe netto ist die Summe ÷ 1,19, auf den Cent gerundet.',
      'Gesamtbetrag 528,00 €',
      'abc DEF 234',
      'https://shop.example',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('a long reseller order continues on further pages with the table head repeated', async () => {
    const lines: ResellerLicense[] = Array.from({ length: 40 }, (_, index) => ({
      uid: String(index + 1),
      class: 'pro',
      properties: { size: 5 + index, dvdCount: 0, delivery: 'download', licenseType: 'full' },
      version: '9',
      customerReference: `Kunde ${index + 1}`,
      quantity: 2,
    }));
    const cart = purchaseCart({ purchaseType: 'reseller', resellerLicenses: lines }, 'AT');
    const offer = { ...exampleOffer(createdAt), purchaseType: 'reseller' as const, cart };
    const bytes = await renderer.render({ kind: 'offer', offer, createdAt });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const [second] = await pageTexts(bytes, [2]);
    expect(second).toContain('Artikel');
    expect(second).toContain('Summe netto');
    const text = await pdfText(bytes);
    // Each line says how many licenses its seat quantity stands for, right above it: on one page.
    for (const line of lines) {
      const size = line.properties.size;
      expect(text).toContain(
        `„${line.customerReference}”: 2 Lizenzen × ${size} Arbeitsplätze Pro-Lizenz Version 9 ${size * 2} `,
      );
    }
    expect(text).toContain('MwSt. 20 %');
  });

  test('the position table keeps its headers whole on one line, every figure in its column, addresses whole', async () => {
    // The portal's default addresses: pdfkit broke the footer's after „http://”.
    const local = {
      ...branding,
      shopUrl: 'http://localhost:3000/shop-demo',
      portalUrl: 'http://localhost:3000',
    };
    const bytes = await new DocumentRenderer({ branding: local, fonts: loadUnicodeFonts() }).render({
      kind: 'offer',
      offer: exampleOffer(createdAt),
      createdAt,
    });
    const placed = await placedTexts(bytes);
    const headers = ['Artikel', 'Menge', 'Einzelpreis', 'Summe', 'Summe netto'].map((header) =>
      placed.find((text) => text.text === header)!,
    );
    expect(headers.every(Boolean)).toBe(true);
    expect(new Set(headers.map((header) => header.y)).size).toBe(1);
    // Figures are right-aligned under their header: within it, and clear of the column before.
    const row = placed.filter((text) => text.y === placed.find((t) => t.text === 'Pro-Lizenz Version 9')!.y);
    expect(row.map((text) => text.text)).toEqual([
      'Pro-Lizenz Version 9',
      '10',
      '51,30 €',
      '513,00 €',
      '431,09 €',
    ]);
    row.forEach((cell, index) => {
      const header = headers[index]!;
      if (index === 0) return expect(cell.x).toBe(header.x);
      const before = headers[index - 1]!;
      expect(cell.x + cell.width).toBeCloseTo(header.x + header.width, 0);
      expect(cell.x).toBeGreaterThan(before.x + before.width);
    });
    const addresses = placed.flatMap((text) => text.text.match(/https?:\/\/\S*/g) ?? []);
    // The footer's two on each page and the shop's in the steps (the price note moved them to page 2).
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    for (const address of addresses) expect([local.shopUrl, local.portalUrl]).toContain(address);
  });
});
