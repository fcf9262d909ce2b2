import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/** Both specs: toasts stay 5 seconds. */
const TOAST_DURATION_MS = 5000;

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
        <Notifications autoClose={TOAST_DURATION_MS} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
