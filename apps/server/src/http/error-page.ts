import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentTitle, errorCodeTag, linkErrorPage, requestIdNote } from '@lizenzportal/domain';
import { html } from '../lib/html.ts';
import type { AppError } from '../lib/app-error.ts';

/**
 * The page's own policy: no script, no frame, no request anywhere; its one style sheet is inline.
 * (The API's answers carry no page headers: this page is the API's only HTML.)
 */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Whether an error goes to a person's browser rather than to the web app: a signed link (a
 * document, a download, the documents' ZIP from a mail) that a browser followed, asking for a page.
 * The web app's own requests ask for JSON and get the error envelope.
 */
export function wantsErrorPage(request: FastifyRequest): boolean {
  const access = [request.routeOptions.config.access ?? []].flat();
  return access.includes('signedLink') && (request.headers.accept ?? '').includes('text/html');
}

/** The refusal as a small German page: what went wrong, the way back, and the request's id for support. */
export function sendErrorPage(reply: FastifyReply, error: AppError): FastifyReply {
  const page = html`<!doctype html>
    <html lang="de">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${documentTitle(linkErrorPage.heading)}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            line-height: 1.5;
            color: #1a1a1a;
            margin: 0;
          }
          main {
            max-width: 40rem;
            margin: 3rem auto;
            padding: 0 1rem;
          }
          a {
            color: #0b57a4;
          }
          .tag,
          .id {
            color: #4a4a4a;
            font-size: 0.875rem;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>${linkErrorPage.heading}</h1>
          <p class="tag">${errorCodeTag(error.statusCode)}</p>
          <p>${error.message}</p>
          <p><a href="/">${linkErrorPage.toPortal}</a></p>
          <p class="id">${requestIdNote(reply.request.id)}</p>
        </main>
      </body>
    </html> `;
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .header('content-security-policy', PAGE_POLICY)
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(page.value);
}
