import { formatLicenseKey, formatStartCode, type License } from '@lizenzportal/domain';
import { directLoginUrl, productTitle } from '@lizenzportal/domain';
import { contactLine, directLoginCaption } from './closing-texts.ts';
import { licenseHeadline, propertyRows } from './license-facts.ts';
import { PdfBuilder, type DocumentStyle } from './pdf-builder.ts';

/**
 * The starter document of an unbound license: what was bought, key and start code, and how to
 * bind the license to its holder in the portal.
 */
export function renderStarterDocument(
  style: DocumentStyle,
  license: License,
  createdAt: Date,
): Promise<Uint8Array> {
  const portal = style.branding.portalUrl;
  const loginUrl = directLoginUrl(portal, license.key, license.startCode);
  return new PdfBuilder(style, {
    title: 'Startdokument',
    subject: `Startdokument zur Lizenz ${formatLicenseKey(license.key)}`,
    createdAt,
  })
    .title('Ihr Startdokument', licenseHeadline(license))
    .paragraph(
      `Vielen Dank für Ihren Kauf! Mit diesem Dokument aktivieren Sie Ihre Lizenz für ${productTitle(license.version)}. ` +
        'Bitte bewahren Sie es sorgfältig auf: Wer Lizenzschlüssel und Startcode kennt, kann die Lizenz binden.',
    )
    .credentials([
      { label: 'Lizenzschlüssel', value: formatLicenseKey(license.key) },
      { label: 'Startcode', value: formatStartCode(license.startCode) },
    ])
    .heading('Ihre Lizenz')
    .keyValues(propertyRows(license))
    .heading('So binden Sie Ihre Lizenz')
    .steps([
      `Öffnen Sie das Lizenzportal unter ${portal}.`,
      'Melden Sie sich mit Ihrem Lizenzschlüssel und dem Startcode an.',
      'Binden Sie die Lizenz an den Lizenznehmer: Geben Sie den Namen der Person oder Organisation, ' +
        'für die die Lizenz gilt, und eine E-Mail-Adresse an. Die Bindung ist nur einmal möglich.',
      'Danach melden Sie sich mit Ihrem Lizenzschlüssel und dem Namen des Lizenznehmers an – ' +
        'genau in der Schreibweise, die Sie bei der Bindung angegeben haben. Der Startcode gilt dann ' +
        'nicht mehr. Ihr Lizenzdokument erhalten Sie per E-Mail.',
    ])
    .heading('Direkt anmelden')
    .qrBlock(loginUrl, directLoginCaption('Startcode'))
    .paragraph(contactLine(style.branding), { muted: true })
    .finish();
}
