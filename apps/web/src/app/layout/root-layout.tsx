import { Outlet } from 'react-router';
import { CookieBanner } from '@/features/legal/components/cookie-banner';
import { SessionWarning } from './session-warning.tsx';

/** The cookie banner comes first: above the page and first in the Tab order. */
export function RootLayout() {
  return (
    <>
      <CookieBanner />
      <Outlet />
      <SessionWarning />
    </>
  );
}
