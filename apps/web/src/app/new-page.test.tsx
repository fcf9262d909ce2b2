import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Page } from '@/components/ui/page';
import { currentUserQuery } from '@/lib/auth';
import { documentTitle, SKUS, type AuthUser, type PortalSettings } from '@lizenzportal/domain';
import { routeEntries } from './route-addresses.ts';
import { PAGES } from './router.tsx';
import { navigationOf, routesOf, type PageDeclaration } from './page-routes.tsx';

/** A back-office page the portal does not have, declared as a new page is: one entry, nothing else. */
const AUDIT_PAGE: PageDeclaration = {
  path: '/backend/protokoll',
  access: 'admin',
  title: 'Protokoll der Verwaltung',
  navigation: 'Protokoll',
  load: async () => ({
    Component: () => (
      <Page>
        <p>Wer hat wann was geändert.</p>
      </Page>
    ),
  }),
};
/** A record of it: below the entry, so the entry stays marked there. */
const AUDIT_ENTRY_PAGE: PageDeclaration = {
  path: '/backend/protokoll/:id',
  access: 'admin',
  title: ({ id }) => `Protokolleintrag ${id}`,
  load: async () => ({ Component: () => <Page>{null}</Page> }),
};

/** What the server writes into the page it serves (`useSettings`): the footer's links and names. */
const SETTINGS: PortalSettings = {
  vendorName: 'Beispiel GmbH',
  vendorAddress: 'Beispielweg 1, 12345 Beispielstadt',
  supportEmail: 'support@example.com',
  shopUrl: 'https://shop.example/',
  shopOrigin: 'https://shop.example',
  shopOrderUrl: 'https://shop.example/order/{id}',
  helpUrl: '/hilfe',
  privacyUrl: '/datenschutz',
  shopDemoOrders: false,
  retention: { offerDays: 90, mailTextDays: 180, auditDays: 2190 },
  shopProductIds: Object.fromEntries(
    SKUS.map((sku, index) => [sku, 801 + index]),
  ) as PortalSettings['shopProductIds'],
};

/** The derived router rendered at `address` for a signed-in admin, as the server would draw it. */
async function render(pages: readonly PageDeclaration[], address: string): Promise<string> {
  const handler = createStaticHandler(routesOf(pages));
  const context = await handler.query(new Request(`http://portal.test${address}`));
  if (context instanceof Response) throw new Error(`${address} answered ${context.status}`);
  const queryClient = new QueryClient();
  const admin: AuthUser = { type: 'admin', _id: '9b2f0c1e-8a4d-4e6b-9c3a-1d2e3f4a5b6c', name: 'verwaltung' };
  queryClient.setQueryData(currentUserQuery.queryKey, admin);
  queryClient.setQueryData(['settings'], SETTINGS);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The back office's navigation bar in `html`: each link's address, label and whether it is current. */
function navigationLinks(html: string): string[] {
  const bar = /<nav[^>]*aria-label="Verwaltung"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...bar.matchAll(/<a([^>]*)>(.*?)<\/a>/gs)].map(([, attributes, inner]) => {
    const href = /href="([^"]*)"/.exec(attributes!)?.[1];
    const current = attributes!.includes('aria-current="page"') ? ' (aktuell)' : '';
    return `${href} ${inner!.replace(/<[^>]+>/g, '')}${current}`;
  });
}

describe('a new page is one declaration', () => {
  const pages = [...PAGES, AUDIT_PAGE, AUDIT_ENTRY_PAGE];

  it('has its route, title, heading and navigation entry', async () => {
    const html = await render(pages, '/backend/protokoll');
    expect(html).toContain(`<title>${documentTitle('Protokoll der Verwaltung')}</title>`);
    expect(html).toMatch(/<h1[^>]*>Protokoll der Verwaltung<\/h1>/);
    expect(html).toContain('Wer hat wann was geändert.');
    expect(navigationLinks(html)).toEqual([
      '/backend Übersicht',
      '/backend/license Lizenzen',
      '/backend/order-generation Shop-Generierungen',
      '/backend/delivery Versand-Aktionen',
      '/backend/upgrade-session Upgrade-Sessions',
      '/backend/download Downloads',
      '/backend/personal-data Auskunft',
      '/backend/protokoll Protokoll (aktuell)',
    ]);
  });

  it("has its record's page below it, titled by its parameter, with its entry still marked", async () => {
    const html = await render(pages, '/backend/protokoll/e7');
    expect(html).toMatch(/<h1[^>]*>Protokolleintrag e7<\/h1>/);
    expect(navigationLinks(html)).toContain('/backend/protokoll Protokoll (aktuell)');
    // The overview is marked on its own address only.
    expect(navigationLinks(html)).toContain('/backend Übersicht');
  });

  it('is in the table the accessibility sweep visits, behind the admin guard', () => {
    const entries = routeEntries(routesOf(pages));
    expect(entries.find((entry) => entry.path === '/backend/protokoll')?.handle).toEqual({
      title: 'Protokoll der Verwaltung',
    });
    expect(routeEntries(routesOf(PAGES)).map((entry) => entry.path)).not.toContain('/backend/protokoll');
  });

  it('refuses a back-office page outside the back office', () => {
    expect(() => routesOf([{ ...AUDIT_PAGE, path: '/protokoll' }])).toThrow(
      '/protokoll: a page for admin must be below /backend.',
    );
  });
});

describe("the portal's own table", () => {
  it("derives the back office's navigation in the table's order", () => {
    expect(navigationOf(PAGES).map(({ to, end }) => `${to}${end ? ' (nur hier)' : ''}`)).toEqual([
      '/backend (nur hier)',
      '/backend/license',
      '/backend/order-generation',
      '/backend/delivery',
      '/backend/upgrade-session',
      '/backend/download',
      '/backend/personal-data',
    ]);
  });
});
