/**
 * The shop's origin (`SHOP_ORIGIN`) and the address to open there when `here` is not on it: the
 * same page on that origin. `null` when `here` is on it, or when the shop's origin is none.
 */
export function addressOnShopOrigin(
  shopOrigin: string,
  here: URL,
): { origin: string; address: string } | null {
  let origin: string;
  try {
    origin = new URL(shopOrigin).origin;
  } catch {
    return null;
  }
  if (origin === 'null' || origin === here.origin) return null;
  return { origin, address: new URL(here.pathname + here.search, origin).href };
}
