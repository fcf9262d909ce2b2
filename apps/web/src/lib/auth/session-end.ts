/**
 * Where the user was when the sign-in ended (it ran out, or the server refused the token): the
 * login page says so until the user signs in again, and the sign-in then returns there. Kept in
 * the tab's session storage, like the draft of an edit, so a reload on the login page keeps it.
 */
const KEY = 'session-ended-at';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberSessionEnd(path: string): void {
  storage()?.setItem(KEY, path);
}

/** The address the ended session was on, or `null`. */
export function sessionEndPath(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

export function forgetSessionEnd(): void {
  storage()?.removeItem(KEY);
}

/**
 * Where a sign-in leads: back to the page of the ended session when it lies in the same area as
 * the login's own target (the back office or the customer pages), else to that target.
 */
export function signInTarget(target: string): string {
  const ended = sessionEndPath();
  const backOffice = (path: string) => path === '/backend' || path.startsWith('/backend/');
  return ended !== null && backOffice(ended) === backOffice(target) ? ended : target;
}
