import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AdminLoginPage } from '@/features/auth/components/admin-login-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { LicenseToolbarRow } from '@/features/backend/licenses/license-toolbar-row';
import { ListFirstScreen } from '@/features/backend/lists/list-first-screen';
import { navigationMessages, pageTitles } from '@lizenzportal/domain';
import {
  ASSISTANT_PATH,
  BACKEND_DELIVERIES_PATH,
  BACKEND_DOWNLOADS_PATH,
  BACKEND_LICENSE_IMPORT_PATH,
  BACKEND_LICENSES_PATH,
  BACKEND_LOGIN_PATH,
  BACKEND_ORDER_GENERATIONS_PATH,
  BACKEND_PATH,
  BACKEND_PERSONAL_DATA_PATH,
  BACKEND_UPGRADE_SESSIONS_PATH,
  CONTACT_CONFIRMATION_PATH,
  DIRECT_LOGIN_PATH,
  DOWNLOAD_PATH,
  HOME_PATH,
  IMPRINT_PATH,
  LOGIN_PATH,
  RECOVERY_PATH,
  SHOP_DEMO_PATH,
  TERMS_PATH,
} from '@/lib/paths';
import { HomeRoute } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { routesOf, type PageDeclaration } from './page-routes.tsx';

/** The download log's address parameters that become filters of its query builder (spec §2). */
const DOWNLOAD_FILTER_FIELDS = ['license'] as const;

/**
 * Every page of the portal, declared once: address, who may open it, title, navigation entry and
 * files. The router's routes, the back office's navigation bar (its entries in this order) and the
 * pages' titles are derived from it (`routesOf`, decision 071), and the accessibility sweep visits
 * each. A page's address is written here, or in `lib/paths` when other pages link to it.
 */
export const PAGES: readonly PageDeclaration[] = [
  // Old direct-login links: the login page reads `key` and `authenticationCode` from the query.
  {
    path: DIRECT_LOGIN_PATH,
    access: 'anyone',
    frameless: true,
    redirect: (url) => `${LOGIN_PATH}${url.search}`,
  },
  {
    // The assistant lives in the shop's iframe: no portal frame around it, loaded on its own. The
    // title from `pageTitles`: `assistantScreens` would bring all of its texts into the portal's entry.
    path: ASSISTANT_PATH,
    access: 'anyone',
    frameless: true,
    title: pageTitles.assistant,
    load: async () => ({ Component: (await import('@/features/assistant/assistant-page')).AssistantPage }),
  },
  {
    // The stand-in shop page that frames the assistant and shows the cart it hands over.
    path: SHOP_DEMO_PATH,
    access: 'anyone',
    frameless: true,
    title: pageTitles.shopDemo,
    load: async () => ({ Component: (await import('@/features/shop-demo/shop-demo-page')).ShopDemoPage }),
  },
  // Visitors see the login here, under its own title.
  {
    path: HOME_PATH,
    access: 'anyone',
    title: pageTitles.myLicense,
    element: <HomeRoute visitorTitle={pageTitles.login} />,
  },
  // The logins are the first screens of the links holders and admins follow: in the first load.
  { path: LOGIN_PATH, access: 'anyone', title: pageTitles.login, element: <LoginPage /> },
  { path: BACKEND_LOGIN_PATH, access: 'anyone', title: pageTitles.adminLogin, element: <AdminLoginPage /> },
  {
    path: IMPRINT_PATH,
    access: 'anyone',
    title: pageTitles.imprint,
    load: async () => ({ Component: (await import('@/features/legal/components/imprint-page')).ImprintPage }),
  },
  {
    path: '/datenschutz',
    access: 'anyone',
    title: pageTitles.privacy,
    load: async () => ({ Component: (await import('@/features/legal/components/privacy-page')).PrivacyPage }),
  },
  {
    path: '/hilfe',
    access: 'anyone',
    title: pageTitles.help,
    load: async () => ({ Component: (await import('@/features/legal/components/help-page')).HelpPage }),
  },
  {
    path: RECOVERY_PATH,
    access: 'anyone',
    title: pageTitles.recovery,
    load: async () => ({
      Component: (await import('@/features/recovery/components/recovery-page')).RecoveryPage,
    }),
  },
  {
    path: CONTACT_CONFIRMATION_PATH,
    access: 'anyone',
    title: pageTitles.contactConfirmation,
    load: async () => ({
      Component: (await import('@/features/portal/components/contact-confirmation-page'))
        .ContactConfirmationPage,
    }),
  },
  { path: '/*', access: 'anyone', title: pageTitles.notFound, element: <NotFoundPage /> },
  {
    path: DOWNLOAD_PATH,
    access: 'license',
    title: pageTitles.download,
    load: async () => ({
      Component: (await import('@/features/portal/components/download-page')).DownloadPage,
    }),
  },
  {
    path: TERMS_PATH,
    access: 'license',
    title: pageTitles.terms,
    load: async () => ({ Component: (await import('@/features/portal/components/terms-page')).TermsPage }),
  },
  // The back office (with its table and chart libraries) loads only for admins.
  {
    path: BACKEND_PATH,
    access: 'admin',
    title: pageTitles.overview,
    navigation: navigationMessages.overview,
    load: async () => ({
      Component: (await import('@/features/backend/overview/overview-page')).OverviewPage,
    }),
  },
  {
    path: BACKEND_LICENSES_PATH,
    access: 'admin',
    title: pageTitles.licenses,
    navigation: navigationMessages.licenses,
    firstScreen: <ListFirstScreen toolbar={<LicenseToolbarRow />} />,
    load: async () => {
      // The rows' request goes beside the page's files, not after them (issue 42).
      // A failed load of it fails the page's own import too, which reports it.
      import('@/features/backend/licenses/license-list-early').then(
        (early) => early.startLicenseListEarly(),
        () => {},
      );
      return {
        Component: (await import('@/features/backend/licenses/license-list-page')).LicenseListPage,
      };
    },
  },
  {
    path: `${BACKEND_LICENSES_PATH}/create`,
    access: 'admin',
    title: pageTitles.createLicenses,
    load: async () => ({
      Component: (await import('@/features/backend/licenses/license-create-page')).LicenseCreatePage,
    }),
  },
  {
    path: BACKEND_LICENSE_IMPORT_PATH,
    access: 'admin',
    title: pageTitles.importLicenses,
    load: async () => ({
      Component: (await import('@/features/backend/license-import/license-import-page')).LicenseImportPage,
    }),
  },
  {
    path: `${BACKEND_LICENSES_PATH}/:id`,
    access: 'admin',
    title: ({ id }) => pageTitles.license(id ?? ''),
    sampleParams: { id: 'license' },
    load: async () => ({
      Component: (await import('@/features/backend/licenses/detail/license-detail-page')).LicenseDetailPage,
    }),
  },
  {
    path: BACKEND_ORDER_GENERATIONS_PATH,
    access: 'admin',
    title: pageTitles.orderGenerations,
    navigation: navigationMessages.orderGenerations,
    firstScreen: <ListFirstScreen />,
    load: async () => ({
      Component: (await import('@/features/backend/order-generations/order-generation-list-page'))
        .OrderGenerationListPage,
    }),
  },
  {
    path: `${BACKEND_ORDER_GENERATIONS_PATH}/:id`,
    access: 'admin',
    title: pageTitles.orderGeneration,
    sampleParams: { id: 'orderGeneration' },
    load: async () => ({
      Component: (await import('@/features/backend/order-generations/order-generation-detail-page'))
        .OrderGenerationDetailPage,
    }),
  },
  {
    path: BACKEND_DELIVERIES_PATH,
    access: 'admin',
    title: pageTitles.deliveries,
    navigation: navigationMessages.deliveries,
    firstScreen: <ListFirstScreen />,
    load: async () => ({
      Component: (await import('@/features/backend/deliveries/delivery-list-page')).DeliveryListPage,
    }),
  },
  {
    path: `${BACKEND_DELIVERIES_PATH}/:id`,
    access: 'admin',
    title: pageTitles.delivery,
    sampleParams: { id: 'delivery' },
    load: async () => ({
      Component: (await import('@/features/backend/deliveries/delivery-detail-page')).DeliveryDetailPage,
    }),
  },
  {
    path: BACKEND_UPGRADE_SESSIONS_PATH,
    access: 'admin',
    title: pageTitles.upgradeSessions,
    navigation: navigationMessages.upgradeSessions,
    firstScreen: <ListFirstScreen />,
    load: async () => ({
      Component: (await import('@/features/backend/upgrade-sessions/upgrade-session-list-page'))
        .UpgradeSessionListPage,
    }),
  },
  {
    path: `${BACKEND_UPGRADE_SESSIONS_PATH}/:id`,
    access: 'admin',
    title: pageTitles.upgradeSession,
    sampleParams: { id: 'upgradeSession' },
    load: async () => ({
      Component: (await import('@/features/backend/upgrade-sessions/upgrade-session-detail-page'))
        .UpgradeSessionDetailPage,
    }),
  },
  {
    path: BACKEND_DOWNLOADS_PATH,
    access: 'admin',
    title: pageTitles.downloads,
    navigation: navigationMessages.downloads,
    // `?license={id}` (spec §2) becomes the query builder's filter, visible and removable: the first
    // screen already shows where its rule will be.
    firstScreen: <ListFirstScreen filterFields={DOWNLOAD_FILTER_FIELDS} />,
    load: async () => {
      const [{ DownloadListPage }, { fieldParametersAsFilters }] = await Promise.all([
        import('@/features/backend/downloads/download-list-page'),
        import('@/lib/list-state'),
      ]);
      return {
        Component: DownloadListPage,
        loader: ({ request }: LoaderFunctionArgs) => {
          const url = new URL(request.url);
          const adopted = fieldParametersAsFilters(url.searchParams, DOWNLOAD_FILTER_FIELDS);
          return adopted ? redirect(`${url.pathname}?${adopted.toString()}`) : null;
        },
      };
    },
  },
  {
    path: BACKEND_PERSONAL_DATA_PATH,
    access: 'admin',
    title: pageTitles.personalData,
    navigation: navigationMessages.personalData,
    load: async () => ({
      Component: (await import('@/features/backend/privacy/personal-data-page')).PersonalDataPage,
    }),
  },
  { path: `${BACKEND_PATH}/*`, access: 'admin', title: pageTitles.notFound, element: <NotFoundPage /> },
];

/** The one route table: the router is built from it, and the accessibility sweep visits it. */
export const routes: RouteObject[] = routesOf(PAGES);
