import {
  formatDate,
  formatLicenseKey,
  HOLDER_TYPE_LABELS,
  licenseCapabilities,
  type License,
} from '@lizenzportal/domain';
import { directLoginUrl, productTitle } from '@lizenzportal/domain';
import { contactLine, directLoginCaption } from './closing-texts.ts';
import { licenseHeadline, propertyRows } from './license-facts.ts';
import { PdfBuilder, type DocumentStyle } from './pdf-builder.ts';

/**
 * The license document of a bound license: holder, properties, and how to sign in from now on
 * (key and holder name; the start code no longer works).
 */
export function renderLicenseDocument(
  style: DocumentStyle,
  license: License,
  createdAt: Date,
): Promise<Uint8Array> {
  const { holder } = license;
  // Sign-in compares the license's authentication code: the holder name once bound.
  const loginCode = license.authenticationCode;
  const holderRows: [string, string][] = [
    ['Name', holder.name ?? '–'],
    ...(holder.holderType ? [['Art', HOLDER_TYPE_LABELS[holder.holderType]] as [string, string]] : []),
    ...(holder.contact ? [['Ansprechpartner', holder.contact] as [string, string]] : []),
    ['E-Mail', holder.email ?? '–'],
  ];
  const licenseRows = [
    ...propertyRows(license),
    ...(license.boundAt ? [['Gebunden am', formatDate(license.boundAt)] as [string, string]] : []),
  ];
  const builder = new PdfBuilder(style, {
    title: 'Lizenzdokument',
    subject: `Lizenzdokument zur Lizenz ${formatLicenseKey(license.key)}`,
    createdAt,
  })
    .title('Ihr Lizenzdokument', licenseHeadline(license))
    .paragraph(
      `Diese Lizenz für ${productTitle(license.version)} ist an den unten genannten Lizenznehmer gebunden. ` +
        'Bitte bewahren Sie dieses Dokument sorgfältig auf.',
    )
    .heading('Lizenznehmer')
    .keyValues(holderRows)
    .heading('Ihre Lizenz')
    .keyValues(licenseRows)
    .heading('Anmeldung im Lizenzportal')
    .paragraph(
      `Sie melden sich unter ${style.branding.portalUrl} jetzt mit Ihrem Lizenzschlüssel und dem Namen ` +
        'des Lizenznehmers an – genau in der unten angegebenen Schreibweise. Der Startcode gilt nicht mehr.',
    )
    .credentials([
      { label: 'Lizenzschlüssel', value: formatLicenseKey(license.key) },
      { label: 'Name des Lizenznehmers', value: loginCode },
    ])
    .qrBlock(
      directLoginUrl(style.branding.portalUrl, license.key, loginCode),
      directLoginCaption('Lizenznehmer-Namen'),
    );
  const next = licenseCapabilities(license).mainDownload
    ? 'Nach der Anmeldung laden Sie die Software im Download-Bereich des Lizenzportals herunter.'
    : license.properties.delivery === 'dvd'
      ? 'Ihre Software erhalten Sie auf DVD. Im Lizenzportal sehen Sie jederzeit die Daten Ihrer Lizenz.'
      : 'Im Lizenzportal sehen Sie jederzeit die Daten Ihrer Lizenz.';
  return builder.paragraph(next).paragraph(contactLine(style.branding), { muted: true }).finish();
}
