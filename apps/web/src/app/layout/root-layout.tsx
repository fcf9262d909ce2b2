import { Outlet } from 'react-router';
import { CookieBanner } from '@/features/legal/components/cookie-banner';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieBanner />
    </>
  );
}
