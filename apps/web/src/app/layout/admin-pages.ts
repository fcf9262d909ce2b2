import {
  BACKEND_DELIVERIES_PATH,
  BACKEND_DOWNLOADS_PATH,
  BACKEND_LICENSES_PATH,
  BACKEND_ORDER_GENERATIONS_PATH,
  BACKEND_UPGRADE_SESSIONS_PATH,
} from '@/lib/paths';

/** The back-office pages in the navigation bar: a new page adds one line here. */
export const ADMIN_PAGES = [
  { to: BACKEND_LICENSES_PATH, label: 'Lizenzen' },
  { to: BACKEND_ORDER_GENERATIONS_PATH, label: 'Shop-Generierungen' },
  { to: BACKEND_DELIVERIES_PATH, label: 'Versand-Aktionen' },
  { to: BACKEND_UPGRADE_SESSIONS_PATH, label: 'Upgrade-Sessions' },
  { to: BACKEND_DOWNLOADS_PATH, label: 'Downloads' },
] as const;
