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
 * helmet's headers for the portal's pages (the web app, the API docs), the content security policy
 * above all. No page may be framed by another site — `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` against clickjacking of the logins and the back office — except the
 * assistant, which the shop (and the portal itself, on `/shop-demo`) frames.
 */
export async function registerPageHeaders(pages: FastifyInstance, options: PageHeaderOptions): Promise<void> {
  const frameAncestors = (request: IncomingMessage) =>
    isFramedPage(request.url ?? '') ? `'self' ${options.shopOrigin}` : "'none'";
  await pages.register(helmet, {
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
    if (!isFramedPage(request.url)) reply.header('x-frame-options', 'DENY');
    done();
  });
}
