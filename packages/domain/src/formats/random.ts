/**
 * Draws `length` characters uniformly from `alphabet` using the platform's cryptographic random
 * source (Web Crypto, available in Node.js and browsers). Rejection sampling keeps the
 * distribution uniform for alphabets whose size does not divide 256.
 */
export function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  const buffer = new Uint8Array(length * 2);
  while (result.length < length) {
    crypto.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte < limit) result += alphabet[byte % alphabet.length];
      if (result.length === length) break;
    }
  }
  return result;
}
