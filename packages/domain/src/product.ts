/** The desktop product's name in texts, documents and mails. */
export const PRODUCT_NAME = 'Symbolsoftware';
/** The companion search product. */
export const SEARCH_PRODUCT_NAME = 'metasearch';

export function productTitle(version: string): string {
  return `${PRODUCT_NAME} Version ${version}`;
}
