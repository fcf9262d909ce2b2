import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/** Both specs: toasts stay 5 seconds. */
const TOAST_DURATION_MS = 5000;

/**
 * The toasts' container loads with the first toast, not with the page (the assistant's first load
 * in the shop shows none): the toast waits in `notifications`' store and appears with it.
 */
const Notifications = lazy(() =>
  import('./toast-container.tsx').then((module) => ({ default: module.Notifications })),
);

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications autoClose={TOAST_DURATION_MS} />
    </Suspense>
  ) : null;
}

/**
 * What every page needs, the portal's and the assistant's (its own entry, `assistant-main.tsx`):
 * server data, the theme and toasts.
 */
export function CoreProviders({ children }: { children: ReactNode }) {
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
        <Toasts />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
