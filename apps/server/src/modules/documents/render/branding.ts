import fs from 'node:fs';
import type { Config } from '../../../config.ts';

/** Who issues the documents: printed in the head and foot of every generated PDF. */
export interface Branding {
  vendorName: string;
  vendorAddress: string;
  supportEmail: string;
  shopUrl: string;
  /** The portal's own address (`PUBLIC_URL`): where customers sign in. */
  portalUrl: string;
  /** PNG or JPEG bytes of the vendor's logo, read once at start. */
  logo: Buffer | undefined;
}

export function brandingFromConfig(config: Config): Branding {
  return {
    vendorName: config.vendor.name,
    vendorAddress: config.vendor.address,
    supportEmail: config.mail.supportEmail,
    shopUrl: config.shop.url,
    portalUrl: config.publicUrl,
    logo: config.vendor.logo ? readLogo(config.vendor.logo) : undefined,
  };
}

/** Reads the logo and checks its format now, so a wrong VENDOR_LOGO stops the start, not a document. */
function readLogo(file: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new Error(`VENDOR_LOGO cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!isPng && !isJpeg) throw new Error(`VENDOR_LOGO must be a PNG or JPEG file (got ${file})`);
  return bytes;
}
