/** The desktop product's name in texts, documents and mails. */
export const PRODUCT_NAME = 'Symbolsoftware';

export function productTitle(version: string): string {
  return `${PRODUCT_NAME} Version ${version}`;
}
