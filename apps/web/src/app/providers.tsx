import { sessionMessages } from '@lizenzportal/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api';
import { endSession, rememberSessionEnd } from '@/lib/auth';
import { CoreProviders } from './core-providers.tsx';

/** The portal's pages: besides the core, the end of a sign-in. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <CoreProviders>
      <SessionExpiry />
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
