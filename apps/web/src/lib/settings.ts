import { useQuery } from '@tanstack/react-query';
import { SETTINGS_ELEMENT_ID, type PortalSettings } from '@lizenzportal/domain';
import { apiRequest } from './api/index.ts';
import { SESSION_INDEPENDENT } from './query-meta.ts';

export type { PortalSettings };

/** The server's defaults for the own pages, so links work before (or without) the settings. */
export const DEFAULT_LINKS = { helpUrl: '/hilfe', privacyUrl: '/datenschutz' } as const;

/**
 * The settings the server wrote into the page it served (modules/web/entry-pages.ts): there from
 * the first render, without a request. Vite's development server serves the page without them.
 */
function embeddedSettings(): PortalSettings | undefined {
  const text = document.getElementById(SETTINGS_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PortalSettings) : undefined;
}

/** What the server tells the web app about this installation: from the page, else `GET /settings`. */
export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest<PortalSettings>('/settings', { signal }),
    initialData: embeddedSettings,
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
