/**
 * The license assistant's page: the one page the shop may show in its iframe (the server allows
 * the shop's origin to frame it, and no other page); the portal's cookie banner has no place there.
 */
export const ASSISTANT_PATH = '/m9-assistent';

/** The customer's login; its query may carry a license's key and authentication code (direct login). */
export const LOGIN_PATH = '/login';
/** Old direct-login links from license documents: they carry key and authentication code too. */
export const DIRECT_LOGIN_PATH = '/direct-login';
/** The back office: every address below it is for admins. */
export const BACKEND_PATH = '/backend';
/** The stand-in shop page (not in production). */
export const SHOP_DEMO_PATH = '/shop-demo';
