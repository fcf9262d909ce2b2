import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatLicenseKey, formatStartCode } from '@lizenzportal/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { testConfig } from '../../../test/app.ts';
import { pdfText, placedTexts, UNICODE_HOLDER } from '../test-fixtures.ts';
import { brandingFromConfig } from './branding.ts';
import { loadUnicodeFonts } from './fonts.ts';
import { directLoginUrl } from '@lizenzportal/domain';
import { DocumentRenderer } from './document-renderer.ts';
import { bound, branding, createdAt, license, PNG_LOGO } from './render-test-fixtures.ts';

const renderer = new DocumentRenderer({ branding, fonts: loadUnicodeFonts() });

describe('starter document', () => {
  test('shows product, key, start code, binding steps and the direct-login link', async () => {
    const bytes = await renderer.render({ kind: 'starter', license: license(), createdAt });
    const text = await pdfText(bytes);
    expect(text).toContain('Symbolsoftware Version 9');
    expect(text).toContain('Pro-Lizenz');
    expect(text).toContain('25 Arbeitsplätze');
    expect(text).toContain(formatLicenseKey('ABCDEFGHJKLM'));
    expect(text).toContain(formatStartCode('123456'));
    expect(text).toContain('So binden Sie Ihre Lizenz');
    expect(text).toContain('Namen des Lizenznehmers');
    expect(text.replace(/\s/g, '')).toContain(
      'https://portal.example/login?key=ABCDEFGHJKLM&authenticationCode=123456',
    );
    expect(text).toContain('Symbolsoftware Demo GmbH');
    expect(text).toContain('Seite 1 von 1');
  });

  test('is one A4 page, embeds its fonts and stays small', async () => {
    const bytes = await renderer.render({ kind: 'starter', license: license(), createdAt });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(Buffer.from(bytes).toString('latin1')).toContain('/FontFile2');
    expect(bytes.length).toBeLessThan(60 * 1024);
  });
});

describe('license document', () => {
  test('prints holder names in any script and signs in with the holder name', async () => {
    const text = await pdfText(await renderer.render({ kind: 'license', license: bound, createdAt }));
    expect(text).toContain(UNICODE_HOLDER);
    expect(text).toContain('Łukasz Çelik');
    expect(text).toContain('Organisation');
    expect(text).toContain('it@example.com');
    expect(text).toContain('01.03.25');
    expect(text).toContain(formatLicenseKey('ABCDEFGHJKLM'));
    expect(text).toContain('Der Startcode gilt nicht mehr');
    expect(text).not.toContain(formatStartCode('123456'));
    expect(text.replace(/\s/g, '')).toContain(
      directLoginUrl('https://portal.example', 'ABCDEFGHJKLM', UNICODE_HOLDER).replace(/\s/g, ''),
    );
  });

  test('encodes the holder name in the direct-login link', () => {
    expect(directLoginUrl('https://portal.example', 'ABCDEFGHJKLM', 'Nguyễn Thị & Co')).toBe(
      'https://portal.example/login?key=ABCDEFGHJKLM&authenticationCode=Nguy%E1%BB%85n%20Th%E1%BB%8B%20%26%20Co',
    );
  });

  test('wraps a long direct-login link into lines that do not overlap', async () => {
    const holder = 'Łukasz Nowak-Wiśniewski';
    const holderLicense = {
      ...bound,
      authenticationCode: holder,
      holder: { ...bound.holder, name: holder, contact: null },
    };
    const url = directLoginUrl(branding.portalUrl, holderLicense.key, holder);
    const texts = await placedTexts(
      await renderer.render({ kind: 'license', license: holderLicense, createdAt }),
    );

    // The link's lines: the piece that starts the address and those that complete it.
    const start = texts.findIndex((text) => text.text.startsWith(`${branding.portalUrl}/login`));
    expect(start).toBeGreaterThanOrEqual(0);
    const lines = [texts[start]!];
    while (lines.map((line) => line.text).join('') !== url && lines.length < texts.length - start) {
      lines.push(texts[start + lines.length]!);
    }
    expect(lines.map((line) => line.text).join('')).toBe(url);
    expect(lines.length).toBeGreaterThan(1);
    for (const [upper, lower] of lines.slice(0, -1).map((line, index) => [line, lines[index + 1]!])) {
      // Each line lies fully below the one before it (y grows upwards in PDF).
      expect(upper!.y - lower!.y).toBeGreaterThanOrEqual(lower!.height);
      expect(lower!.x).toBeCloseTo(upper!.x);
    }
  });

  test('starts a new page for long content and numbers every page', async () => {
    const longName = `${'Sehr lange Organisationsbezeichnung '.repeat(30)}GmbH`;
    const bytes = await renderer.render({
      kind: 'license',
      license: { ...bound, holder: { ...bound.holder, name: longName, contact: longName } },
      createdAt,
    });
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    expect(await pdfText(bytes)).toContain(`Seite ${pages} von ${pages}`);
  });
});

describe('vendor logo', () => {
  test('prints a PNG logo from VENDOR_LOGO in the page head', async () => {
    const logo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-logo-')), 'logo.png');
    fs.writeFileSync(logo, PNG_LOGO);
    const style = {
      branding: brandingFromConfig(testConfig({ VENDOR_LOGO: logo })),
      fonts: loadUnicodeFonts(),
    };
    const bytes = await new DocumentRenderer(style).render({
      kind: 'starter',
      license: license(),
      createdAt,
    });
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
  });

  test('stops the start when VENDOR_LOGO is no PNG or JPEG', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-logo-')), 'logo.svg');
    fs.writeFileSync(file, '<svg/>');
    expect(() => brandingFromConfig(testConfig({ VENDOR_LOGO: file }))).toThrow(
      'VENDOR_LOGO must be a PNG or JPEG file',
    );
    expect(() => brandingFromConfig(testConfig({ VENDOR_LOGO: `${file}.missing` }))).toThrow(
      'VENDOR_LOGO cannot be read',
    );
  });
});

test('parses the fonts once per process', () => {
  expect(loadUnicodeFonts()).toBe(loadUnicodeFonts());
});
