import { BACKEND_PATH, DIRECT_LOGIN_PATH, LOGIN_PATH, SHOP_DEMO_PATH } from '@lizenzportal/domain';

/**
 * Addresses no search engine should visit: the API (its signed document and download links
 * above all), the back office, the login links that carry a license's key and authentication
 * code in their query, and the stand-in shop.
 */
const DISALLOWED = ['/api/', BACKEND_PATH, DIRECT_LOGIN_PATH, `${LOGIN_PATH}?`, SHOP_DEMO_PATH];

/** `/robots.txt`: the portal's public pages may be indexed, nothing else. */
export const ROBOTS_TXT = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), ''].join('\n');
