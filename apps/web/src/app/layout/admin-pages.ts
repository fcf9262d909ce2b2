import { navigationMessages } from '@lizenzportal/domain';
import {
  BACKEND_DELIVERIES_PATH,
  BACKEND_DOWNLOADS_PATH,
  BACKEND_LICENSES_PATH,
  BACKEND_ORDER_GENERATIONS_PATH,
  BACKEND_PATH,
  BACKEND_PERSONAL_DATA_PATH,
  BACKEND_UPGRADE_SESSIONS_PATH,
} from '@/lib/paths';

/**
 * The back-office pages in the navigation bar: a new page adds one line here. A list's link stays
 * marked on the pages below it (a record of the list); the overview's only on itself.
 */
export const ADMIN_PAGES = [
  { to: BACKEND_PATH, label: navigationMessages.overview, end: true },
  { to: BACKEND_LICENSES_PATH, label: navigationMessages.licenses },
  { to: BACKEND_ORDER_GENERATIONS_PATH, label: navigationMessages.orderGenerations },
  { to: BACKEND_DELIVERIES_PATH, label: navigationMessages.deliveries },
  { to: BACKEND_UPGRADE_SESSIONS_PATH, label: navigationMessages.upgradeSessions },
  { to: BACKEND_DOWNLOADS_PATH, label: navigationMessages.downloads },
  { to: BACKEND_PERSONAL_DATA_PATH, label: navigationMessages.personalData },
] as const;
