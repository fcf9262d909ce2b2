/** Addresses that several parts of the app link to or check. */
export const HOME_PATH = '/';
export const DOWNLOAD_PATH = '/download';
export const TERMS_PATH = '/terms';
export const RECOVERY_PATH = '/lizenz-wiederherstellen';
export const IMPRINT_PATH = '/imprint.html';
export {
  ASSISTANT_PATH,
  BACKEND_PATH,
  CONTACT_CONFIRMATION_PATH,
  DIRECT_LOGIN_PATH,
  LOGIN_PATH,
  SHOP_DEMO_PATH,
} from '@lizenzportal/domain';
export const BACKEND_LOGIN_PATH = '/backend/login';
export const BACKEND_LICENSES_PATH = '/backend/license';
export const BACKEND_LICENSE_IMPORT_PATH = '/backend/license/import';
export const BACKEND_ORDER_GENERATIONS_PATH = '/backend/order-generation';
export const BACKEND_DELIVERIES_PATH = '/backend/delivery';
export const BACKEND_UPGRADE_SESSIONS_PATH = '/backend/upgrade-session';
export const BACKEND_DOWNLOADS_PATH = '/backend/download';
export const BACKEND_PERSONAL_DATA_PATH = '/backend/personal-data';

/** A record's detail page in the back office. */
export const backendLicensePath = (id: string) => `${BACKEND_LICENSES_PATH}/${id}`;
export const backendOrderGenerationPath = (id: string) => `${BACKEND_ORDER_GENERATIONS_PATH}/${id}`;
export const backendDeliveryPath = (id: string) => `${BACKEND_DELIVERIES_PATH}/${id}`;
export const backendUpgradeSessionPath = (id: string) => `${BACKEND_UPGRADE_SESSIONS_PATH}/${id}`;
/** The deliveries of an upgrade session (its offer mail, its order's mails), as a list filter. */
export const backendDeliveriesOfUpgradeSessionPath = (id: string) =>
  `${BACKEND_DELIVERIES_PATH}?${new URLSearchParams({ filter: `upgradeSession~eq~${id}` }).toString()}`;
/** The download log of one license, in the spec's short form (back-office spec §2). */
export const backendDownloadsOfLicensePath = (id: string) => `${BACKEND_DOWNLOADS_PATH}?license=${id}`;
