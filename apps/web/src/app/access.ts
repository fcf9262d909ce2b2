import { BACKEND_LOGIN_PATH, BACKEND_PATH, HOME_PATH, LOGIN_PATH } from '@/lib/paths';

/** The current-user query as the route guards see it. */
export type UserState =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; user: { type: string } | null };

export type Access =
  | { kind: 'wait' }
  | { kind: 'allow' }
  /** Only on `/`: nobody is signed in, the page shows the login. */
  | { kind: 'login' }
  | { kind: 'redirect'; to: string };

const wait: Access = { kind: 'wait' };
const allow: Access = { kind: 'allow' };
const redirect = (to: string): Access => ({ kind: 'redirect', to });

/**
 * Customer pages (`/download`, `/terms`): nobody or a failed load → /login; an admin → /backend;
 * any other user type → /login.
 */
export function customerAccess(state: UserState): Access {
  if (state.status === 'pending') return wait;
  if (state.status === 'error' || state.user === null) return redirect(LOGIN_PATH);
  if (state.user.type === 'license') return allow;
  if (state.user.type === 'admin') return redirect(BACKEND_PATH);
  return redirect(LOGIN_PATH);
}

/** `/` is a customer page that shows the login instead of redirecting when nobody is signed in. */
export function homeAccess(state: UserState): Access {
  if (state.status === 'success' && state.user === null) return { kind: 'login' };
  return customerAccess(state);
}

/**
 * Admin pages (`/backend/**`): nobody or a failed load → /backend/login; a license user → /;
 * any other user type → /login. While the user loads, a stored admin token that has not ended lets
 * the page draw (`claimedType`, decision 068): its requests carry the token, which the server
 * checks; should the answer say otherwise, the guard redirects then.
 */
export function adminAccess(state: UserState, claimedType: string | null = null): Access {
  if (state.status === 'pending') return claimedType === 'admin' ? allow : wait;
  if (state.status === 'error' || state.user === null) return redirect(BACKEND_LOGIN_PATH);
  if (state.user.type === 'admin') return allow;
  if (state.user.type === 'license') return redirect(HOME_PATH);
  return redirect(LOGIN_PATH);
}
