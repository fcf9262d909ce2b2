import {
  documentTexts,
  formatDate,
  formatLicenseKey,
  HOLDER_TYPE_LABELS,
  licenseCapabilities,
  type License,
} from '@lizenzportal/domain';
import { directLoginUrl, productTitle } from '@lizenzportal/domain';
import { licenseHeadline, propertyRows } from './license-facts.ts';
import { PdfBuilder, type DocumentStyle } from './pdf-builder.ts';

const { shared, license: texts } = documentTexts;

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
    [texts.holderName, holder.name ?? '–'],
    ...(holder.holderType
      ? [[texts.holderType, HOLDER_TYPE_LABELS[holder.holderType]] as [string, string]]
      : []),
    ...(holder.contact ? [[texts.holderContact, holder.contact] as [string, string]] : []),
    [texts.holderEmail, holder.email ?? '–'],
  ];
  const licenseRows = [
    ...propertyRows(license),
    ...(license.boundAt ? [[texts.boundAt, formatDate(license.boundAt)] as [string, string]] : []),
  ];
  const builder = new PdfBuilder(style, {
    title: texts.title,
    subject: shared.subject(texts.title, formatLicenseKey(license.key)),
    createdAt,
  })
    .title(texts.heading, licenseHeadline(license))
    .paragraph(texts.intro(productTitle(license.version)))
    .heading(texts.holderHeading)
    .keyValues(holderRows)
    .heading(shared.licenseHeading)
    .keyValues(licenseRows)
    .heading(texts.signInHeading)
    .paragraph(texts.signIn(style.branding.portalUrl))
    .credentials([
      { label: shared.licenseKey, value: formatLicenseKey(license.key) },
      { label: texts.holderNameCredential, value: loginCode },
    ])
    .qrBlock(
      directLoginUrl(style.branding.portalUrl, license.key, loginCode),
      shared.directLoginCaption(texts.directLoginCredential),
    );
  const next = licenseCapabilities(license).mainDownload
    ? texts.nextDownload
    : license.properties.delivery === 'dvd'
      ? texts.nextDvd
      : texts.nextPortal;
  return builder.paragraph(next).paragraph(shared.contactLine(style.branding), { muted: true }).finish();
}
