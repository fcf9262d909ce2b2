import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { shopReconciliationMessages, type ShopReconciliation } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { DateTimeText } from '../components/date-time-text.tsx';

/** How often the notice asks again while the page is open (the reconciliation runs every 5 minutes). */
const REFRESH_MS = 60_000;

/**
 * Where staff look for orders: a notice while the reconciliation with the shop fails — when it
 * last succeeded and why it fails — since paid orders whose webhook never came are not made then.
 * Nothing while it works, is not set up, or its state cannot be read (the list says so itself).
 */
export function ShopReconciliationNotice() {
  const state = useQuery({
    queryKey: ['/shop/reconciliation'],
    queryFn: ({ signal }) =>
      apiRequest<{ reconciliation: ShopReconciliation }>('/shop/reconciliation', { signal }),
    refetchInterval: REFRESH_MS,
  });
  const reconciliation = state.data?.reconciliation;
  if (!reconciliation?.failing) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={shopReconciliationMessages.noticeTitle}
      // It appears while the page is open, when the reconciliation starts failing.
      role="alert"
    >
      <Stack gap={4}>
        <Text size="sm">
          {shopReconciliationMessages.reason}: {reconciliation.reason}
        </Text>
        <Text size="sm">
          {reconciliation.lastSuccessAt ? (
            <>
              {shopReconciliationMessages.lastSuccess} <DateTimeText value={reconciliation.lastSuccessAt} />
            </>
          ) : (
            shopReconciliationMessages.neverSucceeded
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {shopReconciliationMessages.noticeExplanation}
        </Text>
      </Stack>
    </Alert>
  );
}
