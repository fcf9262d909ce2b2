const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The other spellings of a base64url text whose last character carries 2 unused bits (a 32-byte
 * MAC): the same bytes to a decoder, which a verifier must refuse as other signatures.
 */
export function otherSpellings(signature: string): string[] {
  const last = BASE64URL.indexOf(signature.at(-1)!);
  if (last < 0 || last % 4 !== 0) throw new Error(`not a canonical 43-character MAC: ${signature}`);
  return [1, 2, 3].map((unused) => `${signature.slice(0, -1)}${BASE64URL[last + unused]}`);
}
