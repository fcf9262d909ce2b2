import { sessionMessages } from '@lizenzportal/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api';
import { currentUserQuery, endSession, readToken, rememberSessionEnd } from '@/lib/auth';
import { CoreProviders } from './core-providers.tsx';

/** The portal's pages: besides the core, the end of a sign-in. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <CoreProviders>
      <SessionExpiry />
      <CurrentUserAtOnce />
      {children}
    </CoreProviders>
  );
}

/**
 * Any 401 ends the session: token and user are forgotten, and the route guards then send the
 * visitor to the login of the area they are in.
 */
function SessionExpiry() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        // The login page says so until the next sign-in, which returns here (toasts go after 5 s).
        rememberSessionEnd(`${window.location.pathname}${window.location.search}`);
        endSession(queryClient);
        notifications.show({
          id: 'session-ended',
          color: 'yellow',
          title: sessionMessages.endedTitle,
          message: sessionMessages.ended,
        });
      }),
    [queryClient],
  );
  return null;
}

/**
 * A stored sign-in's user is asked for when the app starts: the router renders the guards that
 * ask for it only once a lazy page's files have loaded (every back-office page), and the request
 * need not wait for them.
 */
function CurrentUserAtOnce() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (readToken() !== null) void queryClient.prefetchQuery(currentUserQuery);
  }, [queryClient]);
  return null;
}
