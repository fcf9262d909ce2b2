import { documentTexts, formatLicenseKey, formatStartCode, type License } from '@lizenzportal/domain';
import { CUSTOMER_REFERENCE, customerReferenceOf, directLoginUrl, productTitle } from '@lizenzportal/domain';
import { licenseHeadline, propertyRows } from './license-facts.ts';
import { PdfBuilder, type DocumentStyle } from './pdf-builder.ts';

const { shared, starter } = documentTexts;

/**
 * The starter document of an unbound license: what was bought (a reseller's with its customer
 * reference), key and start code, and how to bind the license to its holder in the portal.
 */
export function renderStarterDocument(
  style: DocumentStyle,
  license: License,
  createdAt: Date,
): Promise<Uint8Array> {
  const portal = style.branding.portalUrl;
  const loginUrl = directLoginUrl(portal, license.key, license.startCode);
  // A reseller's license: whose it is, first among its facts (the reseller hands the document on).
  const reference = customerReferenceOf(license.notes);
  return new PdfBuilder(style, {
    title: starter.title,
    subject: shared.subject(starter.title, formatLicenseKey(license.key)),
    createdAt,
  })
    .title(starter.heading, licenseHeadline(license))
    .paragraph(starter.intro(productTitle(license.version)))
    .credentials([
      { label: shared.licenseKey, value: formatLicenseKey(license.key) },
      { label: starter.startCode, value: formatStartCode(license.startCode) },
    ])
    .heading(shared.licenseHeading)
    .keyValues(
      reference ? [[CUSTOMER_REFERENCE, reference], ...propertyRows(license)] : propertyRows(license),
    )
    .heading(starter.bindingHeading)
    .steps(starter.bindingSteps(portal))
    .heading(starter.directLoginHeading)
    .qrBlock(loginUrl, shared.directLoginCaption(starter.directLoginCredential))
    .paragraph(shared.contactLine(style.branding), { muted: true })
    .finish();
}
