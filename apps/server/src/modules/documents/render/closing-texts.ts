import type { Branding } from './branding.ts';

/** The caption of a document's direct-login QR code; `credential` names the second sign-in value. */
export function directLoginCaption(credential: 'Startcode' | 'Lizenznehmer-Namen'): string {
  return (
    `Scannen Sie den QR-Code oder öffnen Sie diesen Link: Sie werden mit Lizenzschlüssel und ${credential} ` +
    'direkt im Lizenzportal angemeldet.'
  );
}

/** The closing line of every document: support address and shop. */
export function contactLine(branding: Branding): string {
  return (
    `Fragen? Schreiben Sie uns an ${branding.supportEmail}. Weitere Produkte und Updates finden ` +
    `Sie in unserem Shop: ${branding.shopUrl}`
  );
}
