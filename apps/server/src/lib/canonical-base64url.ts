/**
 * Whether `text` is the one base64url spelling of the bytes it stands for. A 32-byte MAC takes 43
 * characters whose last carries 2 bits beyond the bytes: decoders ignore them, so four spellings
 * would pass for one signature. One signature is one link (one token): only the spelling the
 * encoder writes — those bits zero, no padding — is accepted.
 */
export function isCanonicalBase64url(text: string): boolean {
  return Buffer.from(text, 'base64url').toString('base64url') === text;
}
