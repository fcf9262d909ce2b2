import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { focusAfterAction } from '@/lib/focus-after-action';
import { endSession, readToken, rememberSessionEnd, tokenTimes, useCurrentUser } from '@/lib/auth';

/** How long before its end a sign-in warns: five minutes, or half of a shorter sign-in. */
const WARNING_MS = 5 * 60_000;

/** The dialog comes with the warning, not with every page's first load. */
const SessionWarningDialog = lazy(() =>
  import('./session-warning-dialog.tsx').then((module) => ({ default: module.SessionWarningDialog })),
);

/**
 * The warning before a sign-in ends (WCAG 2.2.1, decision 043): a dialog offers to stay signed in
 * or to sign out. Unanswered, the sign-in ends at its time like a refused token: the login page
 * says so and returns here afterwards, where a begun license edit is still kept.
 */
export function SessionWarning() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  // The end the dialog warns of. Once loaded it stays mounted and closes by `opened`, so that it
  // gives the focus back to where the user was; a new end (extended) or none (signed out) closes it.
  const [warning, setWarning] = useState<{ of: number; open: boolean; from: Element | null } | null>(null);
  // Read again on every render: after a sign-in, a sign-out, or the dialog closing on an extension.
  const times = user ? tokenTimes(readToken()) : null;
  const expiresAt = times?.expiresAt;
  const issuedAt = times?.issuedAt;

  useEffect(() => {
    if (expiresAt === undefined || issuedAt === undefined) return;
    const lead = Math.min(WARNING_MS, (expiresAt - issuedAt) / 2);
    const warn = setTimeout(
      () => setWarning({ of: expiresAt, open: true, from: document.activeElement }),
      expiresAt - lead - Date.now(),
    );
    const end = setTimeout(() => {
      rememberSessionEnd(`${window.location.pathname}${window.location.search}`);
      endSession(queryClient);
    }, expiresAt - Date.now());
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [expiresAt, issuedAt, queryClient]);

  if (warning === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionWarningDialog
        opened={warning.open && warning.of === expiresAt}
        expiresAt={warning.of}
        onClose={() => {
          setWarning({ ...warning, open: false });
          // Back to where the user was (the dialog opened by itself, over the user's typing).
          focusAfterAction(() => warning.from as HTMLElement | null);
        }}
      />
    </Suspense>
  );
}
