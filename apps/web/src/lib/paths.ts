/** Addresses that several parts of the app link to or check. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const DOWNLOAD_PATH = '/download';
export const TERMS_PATH = '/terms';
export const RECOVERY_PATH = '/lizenz-wiederherstellen';
export const IMPRINT_PATH = '/imprint.html';
/** The license assistant runs inside the shop's iframe, where the portal's cookie banner has no place. */
export const ASSISTANT_PATH = '/m9-assistent';
export const BACKEND_PATH = '/backend';
export const BACKEND_LOGIN_PATH = '/backend/login';
export const BACKEND_LICENSES_PATH = '/backend/license';
