import { BACKEND_LICENSES_PATH } from '@/lib/paths';

/** The back-office pages in the navigation bar: a new page adds one line here. */
export const ADMIN_PAGES = [{ to: BACKEND_LICENSES_PATH, label: 'Lizenzen' }] as const;
