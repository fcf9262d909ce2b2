import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api';
import { endSession } from '@/lib/auth';
import { cssVariablesResolver, theme } from './theme.ts';

/** Both specs: toasts stay 5 seconds. */
const TOAST_DURATION_MS = 5000;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // Failed loads show an error box with a retry button instead of silently trying again.
        defaultOptions: { queries: { retry: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        <Notifications autoClose={TOAST_DURATION_MS} />
        <ModalsProvider>
          <SessionExpiry />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
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
        endSession(queryClient);
        notifications.show({
          id: 'session-ended',
          color: 'yellow',
          title: 'Abgemeldet',
          message: 'Ihre Anmeldung ist abgelaufen oder nicht mehr gültig. Bitte melden Sie sich erneut an.',
        });
      }),
    [queryClient],
  );
  return null;
}
