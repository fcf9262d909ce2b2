import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { claimedUserType, readToken, UnknownUserTypeError, useCurrentUser } from '@/lib/auth';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { PageTitleOverride } from '@/lib/page-title';
import { sessionMessages, type AuthUser } from '@lizenzportal/domain';
import { adminAccess, customerAccess, homeAccess, type Access, type UserState } from './access.ts';
import { LoginPage } from '@/features/auth/components/login-page';

/** „Meine Lizenz” with the binding form: loaded for a signed-in license, not with the login. */
const loadLicenseOverview = () => import('@/features/portal/components/license-overview-page');
const LicenseOverviewPage = lazy(async () => ({
  default: (await loadLicenseOverview()).LicenseOverviewPage,
}));

function useUserState(): { state: UserState; user: AuthUser | null } {
  const query = useCurrentUser();
  const user = query.data ?? null;
  if (query.status === 'success') return { state: { status: 'success', user }, user };
  // A reload that failed (after a binding) keeps the user it had: the page stays and says so itself.
  if (query.error && !(query.error instanceof UnknownUserTypeError) && user !== null) {
    return { state: { status: 'success', user }, user };
  }
  if (query.error instanceof UnknownUserTypeError) {
    return { state: { status: 'success', user: { type: query.error.userType } }, user: null };
  }
  return { state: { status: query.status }, user };
}

function Guarded({ access, children }: { access: Access; children: ReactNode }) {
  // The user's answer arrives through TanStack Query's useSyncExternalStore, whose updates React
  // renders in one piece: the whole page behind the guard in one task (80 ms of the license list's
  // first load, 320 ms at 4× CPU). Deferred, the loader stays for that render and the page renders
  // in the background, in slices (decision 058); a page whose user is known shows at once.
  const waiting = useDeferredValue(access.kind === 'wait');
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  if (access.kind === 'wait' || waiting) return <PageLoader label={sessionMessages.checking} />;
  return children;
}

/** Layout route of the customer pages that need a signed-in license. */
export function CustomerGuard() {
  const { state } = useUserState();
  return (
    <Guarded access={customerAccess(state)}>
      <Outlet />
    </Guarded>
  );
}

/** Layout route of the back office (all of `/backend` but its login). */
export function AdminGuard() {
  const { state } = useUserState();
  return (
    <Guarded access={adminAccess(state, claimedUserType(readToken()))}>
      <Outlet />
    </Guarded>
  );
}

/** `/`: the login for visitors (titled `visitorTitle`), "Meine Lizenz" for a signed-in license. */
export function HomeRoute({ visitorTitle }: { visitorTitle: string }) {
  const { state, user } = useUserState();
  const access = homeAccess(state);
  // A stored token most likely brings a license: its page loads beside the user, not after it
  // (both after the first frame, decision 059).
  useEffect(() => {
    if (readToken() !== null) void afterFirstPaint().then(loadLicenseOverview);
  }, []);
  if (access.kind === 'login') {
    return (
      <PageTitleOverride value={visitorTitle}>
        <LoginPage />
      </PageTitleOverride>
    );
  }
  return (
    <Guarded access={access}>
      {user?.type === 'license' && (
        <Suspense fallback={<PageLoader />}>
          <LicenseOverviewPage license={user} />
        </Suspense>
      )}
    </Guarded>
  );
}
