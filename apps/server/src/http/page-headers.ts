import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ASSISTANT_PATH } from '@lizenzportal/domain';

export interface PageHeaderOptions {
  /** The shop's origin: the only other site that may frame a page, and only the assistant. */
  shopOrigin: string;
  /** `PUBLIC_URL` is https: browsers are told to use https only (never over plain HTTP). */
  https: boolean;
}

/** The assistant (and any address below it): embedded in the shop's iframe, and by `/shop-demo`. */
export function isFramedPage(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === ASSISTANT_PATH || path.startsWith(`${ASSISTANT_PATH}/`);
}

/**
 * The build's scripts and styles (`/assets/…-hash.js|css`): a browser applies a CSP, frame and
 * referrer rules only to documents, so these files need only the two headers that concern how
 * they may be used; helmet's full set would add about 900 bytes to each of the twenty-odd
 * files of a first load (decision 051).
 */
function isSubresource(url: string): boolean {
  return /^\/assets\/[^?]+\.(js|css)(\?|$)/.test(url);
}

/**
 * helmet's headers for the portal's pages (the web app, the API docs, and any other file a browser
 * may open as a document), the content security policy above all; the build's scripts and styles
 * only `nosniff` (run only as what their type says) and `Cross-Origin-Resource-Policy`. No page may
 * be framed by another site — `frame-ancestors 'none'` and `X-Frame-Options: DENY` against
 * clickjacking of the logins and the back office — except the assistant, which the shop (and the
 * portal itself, on `/shop-demo`) frames.
 */
export async function registerPageHeaders(pages: FastifyInstance, options: PageHeaderOptions): Promise<void> {
  const frameAncestors = (request: IncomingMessage) =>
    isFramedPage(request.url ?? '') ? `'self' ${options.shopOrigin}` : "'none'";
  await pages.register(helmet, {
    // Applied below, per request (reply.helmet), to all but the scripts and styles.
    global: false,
    // X-Frame-Options cannot name another origin: it is set below for the pages that refuse frames.
    frameguard: false,
    hsts: options.https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': [frameAncestors],
        // Without https, helmet would ask browsers to upgrade every request to it.
        'upgrade-insecure-requests': options.https ? [] : null,
      },
    },
  });
  pages.addHook('onRequest', (request, reply, done) => {
    if (isSubresource(request.url)) {
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      return done();
    }
    reply.helmet();
    if (!isFramedPage(request.url)) reply.header('x-frame-options', 'DENY');
    done();
  });
}
