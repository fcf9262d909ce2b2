import { useQuery } from '@tanstack/react-query';
import type { ShopProductIds } from '@lizenzportal/domain';
import { apiRequest } from './api/index.ts';
import { SESSION_INDEPENDENT } from './query-meta.ts';

/** What the server tells the web app about this installation (`GET /settings`). */
export interface PortalSettings {
  vendorName: string;
  vendorAddress: string;
  supportEmail: string;
  shopUrl: string;
  shopOrigin: string;
  /** The shop's product id of each SKU, for the assistant's cart. */
  shopProductIds: ShopProductIds;
  /** The shop's admin page of an order, with `{id}` for the order. */
  shopOrderUrl: string;
  helpUrl: string;
  privacyUrl: string;
  /** Whether `/shop-demo` may simulate paid orders of its cart (outside production only). */
  shopDemoOrders: boolean;
}

/** The server's defaults for the own pages, so links work before (or without) the settings. */
export const DEFAULT_LINKS = { helpUrl: '/hilfe', privacyUrl: '/datenschutz' } as const;

export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest<PortalSettings>('/settings', { signal }),
    // Configuration changes only with a server restart.
    staleTime: Infinity,
    meta: SESSION_INDEPENDENT,
  });
}

/** The shop's admin page of an order (`SHOP_ORDER_URL`). */
export function shopOrderLink(
  settings: Pick<PortalSettings, 'shopOrderUrl'>,
  order: string | number,
): string {
  return settings.shopOrderUrl.replaceAll('{id}', encodeURIComponent(String(order)));
}
