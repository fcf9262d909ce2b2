import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingPage } from '@/components/ui/page';
import { PageLoader } from '@/components/ui/page-loader';
import { AdminLoginPage } from '@/features/auth/components/admin-login-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { pageTitles } from '@lizenzportal/domain';
import {
  ASSISTANT_PATH,
  CONTACT_CONFIRMATION_PATH,
  DIRECT_LOGIN_PATH,
  LOGIN_PATH,
  SHOP_DEMO_PATH,
} from '@/lib/paths';
import { afterFirstPaint } from '@/lib/after-first-paint';
import type { PageHandle } from '@/lib/page-title';
import { AdminGuard, CustomerGuard, HomeRoute } from './guards.tsx';
import { AdminLayout } from './layout/admin-layout.tsx';
import { CustomerLayout } from './layout/customer-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * What the route table says about a route besides its element: the page's title and, for an
 * address with parameters (`/backend/license/:id`), which seeded record the accessibility sweep
 * puts in each parameter. A page without a title, or with a parameter the sweep cannot fill,
 * fails the sweep (`accessibility.browser.test.ts`).
 */
export interface RouteHandle extends PageHandle {
  sampleParams?: Record<string, SweepRecord>;
}

/** The kinds of records the accessibility sweep seeds (`test/sweep.ts`) for parameterised addresses. */
export type SweepRecord = 'license' | 'orderGeneration' | 'delivery' | 'upgradeSession';

/** A route that only sends elsewhere: it has no page and no title of its own. */
const REDIRECT = { redirect: true } as const;

const titled = (title: RouteHandle['title'], more: Omit<RouteHandle, 'title'> = {}): RouteHandle => ({
  title,
  ...more,
});

/** What a lazily loaded page's module gives its route: the page, and what runs before it shows. */
interface LoadedPage {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * A page whose files load with its route (decision 047), the one way to declare one. Its title is
 * in the route table from the start. On the first load the frames above it (the cookie banner, the
 * bar, the footer) are drawn with the entry and the page's place shows `fallback` until its files
 * have come: React Router draws the `HydrateFallback` of the route still loading, inside its
 * parents (decision 058). That fallback is the page's heading with the loader below it
 * (`LoadingPage`), or, for a page without the portal's frame and heading, the loader alone. The
 * files are asked for once that frame is painted (`afterFirstPaint`): Lighthouse counts every
 * request that ended before the largest paint into it. A later navigation keeps the old page on
 * screen until the new one's files are there, as before.
 */
const lazyPage = (
  handle: RouteHandle,
  load: () => Promise<LoadedPage>,
  fallback: ComponentType = LoadingPage,
) =>
  ({
    handle,
    lazy: async () => {
      await afterFirstPaint();
      return load();
    },
    HydrateFallback: fallback,
  }) satisfies RouteObject;

/** The one route table: the router is built from it, and the accessibility sweep visits it. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Old direct-login links: the login page reads `key` and `authenticationCode` from the query.
        path: DIRECT_LOGIN_PATH,
        handle: REDIRECT,
        loader: ({ request }) => redirect(`${LOGIN_PATH}${new URL(request.url).search}`),
      },
      {
        // The assistant lives in the shop's iframe: no portal frame around it, loaded on its own.
        path: ASSISTANT_PATH,
        // The title from `pageTitles`: `assistantScreens` would bring all of the assistant's texts into
        // the portal's entry.
        ...lazyPage(
          titled(pageTitles.assistant),
          async () => ({
            Component: (await import('@/features/assistant/assistant-page')).AssistantPage,
          }),
          PageLoader,
        ),
      },
      {
        // The stand-in shop page that frames the assistant and shows the cart it hands over.
        path: SHOP_DEMO_PATH,
        ...lazyPage(
          titled(pageTitles.shopDemo),
          async () => ({
            Component: (await import('@/features/shop-demo/shop-demo-page')).ShopDemoPage,
          }),
          PageLoader,
        ),
      },
      {
        element: <CustomerLayout />,
        children: [
          // Visitors see the login here, under its own title.
          {
            index: true,
            element: <HomeRoute visitorTitle={pageTitles.login} />,
            handle: titled(pageTitles.myLicense),
          },
          // The logins are the first screens of the links holders and admins follow: in the first
          // load. The other pages load with their route (decision 047).
          { path: 'login', element: <LoginPage />, handle: titled(pageTitles.login) },
          { path: 'backend/login', element: <AdminLoginPage />, handle: titled(pageTitles.adminLogin) },
          {
            path: 'imprint.html',
            ...lazyPage(titled(pageTitles.imprint), async () => ({
              Component: (await import('@/features/legal/components/imprint-page')).ImprintPage,
            })),
          },
          {
            path: 'datenschutz',
            ...lazyPage(titled(pageTitles.privacy), async () => ({
              Component: (await import('@/features/legal/components/privacy-page')).PrivacyPage,
            })),
          },
          {
            path: 'hilfe',
            ...lazyPage(titled(pageTitles.help), async () => ({
              Component: (await import('@/features/legal/components/help-page')).HelpPage,
            })),
          },
          {
            path: 'lizenz-wiederherstellen',
            ...lazyPage(titled(pageTitles.recovery), async () => ({
              Component: (await import('@/features/recovery/components/recovery-page')).RecoveryPage,
            })),
          },
          {
            path: CONTACT_CONFIRMATION_PATH,
            ...lazyPage(titled(pageTitles.contactConfirmation), async () => ({
              Component: (await import('@/features/portal/components/contact-confirmation-page'))
                .ContactConfirmationPage,
            })),
          },
          {
            element: <CustomerGuard />,
            children: [
              {
                path: 'download',
                ...lazyPage(titled(pageTitles.download), async () => ({
                  Component: (await import('@/features/portal/components/download-page')).DownloadPage,
                })),
              },
              {
                path: 'terms',
                ...lazyPage(titled(pageTitles.terms), async () => ({
                  Component: (await import('@/features/portal/components/terms-page')).TermsPage,
                })),
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: titled(pageTitles.notFound) },
        ],
      },
      {
        path: 'backend',
        element: <AdminGuard />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              // The back office (with its table and chart libraries) loads only for admins.
              {
                index: true,
                ...lazyPage(titled(pageTitles.overview), async () => ({
                  Component: (await import('@/features/backend/overview/overview-page')).OverviewPage,
                })),
              },
              {
                path: 'license',
                ...lazyPage(titled(pageTitles.licenses), async () => {
                  // The rows' request goes beside the page's files, not after them (issue 42).
                  // A failed load of it fails the page's own import too, which reports it.
                  import('@/features/backend/licenses/license-list-early').then(
                    (early) => early.startLicenseListEarly(),
                    () => {},
                  );
                  return {
                    Component: (await import('@/features/backend/licenses/license-list-page'))
                      .LicenseListPage,
                  };
                }),
              },
              {
                path: 'license/create',
                ...lazyPage(titled(pageTitles.createLicenses), async () => ({
                  Component: (await import('@/features/backend/licenses/license-create-page'))
                    .LicenseCreatePage,
                })),
              },
              {
                path: 'license/import',
                ...lazyPage(titled(pageTitles.importLicenses), async () => ({
                  Component: (await import('@/features/backend/license-import/license-import-page'))
                    .LicenseImportPage,
                })),
              },
              {
                path: 'license/:id',
                ...lazyPage(
                  titled(({ id }) => pageTitles.license(id ?? ''), {
                    sampleParams: { id: 'license' },
                  }),
                  async () => ({
                    Component: (await import('@/features/backend/licenses/detail/license-detail-page'))
                      .LicenseDetailPage,
                  }),
                ),
              },
              {
                path: 'order-generation',
                ...lazyPage(titled(pageTitles.orderGenerations), async () => ({
                  Component: (await import('@/features/backend/order-generations/order-generation-list-page'))
                    .OrderGenerationListPage,
                })),
              },
              {
                path: 'order-generation/:id',
                ...lazyPage(
                  titled(pageTitles.orderGeneration, { sampleParams: { id: 'orderGeneration' } }),
                  async () => ({
                    Component: (
                      await import('@/features/backend/order-generations/order-generation-detail-page')
                    ).OrderGenerationDetailPage,
                  }),
                ),
              },
              {
                path: 'delivery/:id',
                ...lazyPage(titled(pageTitles.delivery, { sampleParams: { id: 'delivery' } }), async () => ({
                  Component: (await import('@/features/backend/deliveries/delivery-detail-page'))
                    .DeliveryDetailPage,
                })),
              },
              {
                path: 'upgrade-session',
                ...lazyPage(titled(pageTitles.upgradeSessions), async () => ({
                  Component: (await import('@/features/backend/upgrade-sessions/upgrade-session-list-page'))
                    .UpgradeSessionListPage,
                })),
              },
              {
                path: 'upgrade-session/:id',
                ...lazyPage(
                  titled(pageTitles.upgradeSession, { sampleParams: { id: 'upgradeSession' } }),
                  async () => ({
                    Component: (
                      await import('@/features/backend/upgrade-sessions/upgrade-session-detail-page')
                    ).UpgradeSessionDetailPage,
                  }),
                ),
              },
              {
                path: 'delivery',
                ...lazyPage(titled(pageTitles.deliveries), async () => ({
                  Component: (await import('@/features/backend/deliveries/delivery-list-page'))
                    .DeliveryListPage,
                })),
              },
              {
                path: 'download',
                // `?license={id}` (spec §2) becomes the query builder's filter, visible and removable.
                ...lazyPage(titled(pageTitles.downloads), async () => {
                  const [{ DownloadListPage }, { fieldParametersAsFilters }] = await Promise.all([
                    import('@/features/backend/downloads/download-list-page'),
                    import('@/lib/list-state'),
                  ]);
                  return {
                    Component: DownloadListPage,
                    loader: ({ request }: LoaderFunctionArgs) => {
                      const url = new URL(request.url);
                      const adopted = fieldParametersAsFilters(url.searchParams, ['license']);
                      return adopted ? redirect(`${url.pathname}?${adopted.toString()}`) : null;
                    },
                  };
                }),
              },
              {
                path: 'personal-data',
                ...lazyPage(titled(pageTitles.personalData), async () => ({
                  Component: (await import('@/features/backend/privacy/personal-data-page')).PersonalDataPage,
                })),
              },
              { path: '*', element: <NotFoundPage />, handle: titled(pageTitles.notFound) },
            ],
          },
        ],
      },
    ],
  },
];
