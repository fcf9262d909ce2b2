import { createBrowserRouter, Navigate, redirect } from 'react-router';
import { AdminLoginPage } from '@/features/auth/components/admin-login-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { HelpPage } from '@/features/legal/components/help-page';
import { ImprintPage } from '@/features/legal/components/imprint-page';
import { PrivacyPage } from '@/features/legal/components/privacy-page';
import { DownloadPage } from '@/features/portal/components/download-page';
import { TermsPage } from '@/features/portal/components/terms-page';
import { RecoveryPage } from '@/features/recovery/components/recovery-page';
import { BACKEND_LICENSES_PATH, LOGIN_PATH } from '@/lib/paths';
import { AdminGuard, CustomerGuard, HomeRoute } from './guards.tsx';
import { AdminLayout } from './layout/admin-layout.tsx';
import { CustomerLayout } from './layout/customer-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Old direct-login links: the login page reads `key` and `authenticationCode` from the query.
        path: '/direct-login',
        loader: ({ request }) => redirect(`${LOGIN_PATH}${new URL(request.url).search}`),
      },
      {
        element: <CustomerLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'backend/login', element: <AdminLoginPage /> },
          { path: 'imprint.html', element: <ImprintPage /> },
          { path: 'datenschutz', element: <PrivacyPage /> },
          { path: 'hilfe', element: <HelpPage /> },
          { path: 'lizenz-wiederherstellen', element: <RecoveryPage /> },
          {
            element: <CustomerGuard />,
            children: [
              { path: 'download', element: <DownloadPage /> },
              { path: 'terms', element: <TermsPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'backend',
        element: <AdminGuard />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { index: true, element: <Navigate to={BACKEND_LICENSES_PATH} replace /> },
              {
                path: 'license',
                // The back office (with its table library) loads only for admins.
                lazy: async () => ({
                  Component: (await import('@/features/backend/components/license-list-page'))
                    .LicenseListPage,
                }),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
