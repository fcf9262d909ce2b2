import { Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  IGNORED_SHOP_ORDERS_SHOWN,
  ignoredShopOrderMessages,
  orderLinesText,
  shopOrderStatusLabel,
  type IgnoredShopOrder,
} from '@lizenzportal/domain';
import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { apiRequest, failedCall } from '@/lib/api';
import { DateTimeText } from '../components/date-time-text.tsx';

/** Typing pauses this long before the search asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * Paid shop orders the portal made nothing of, as they had no product of the portal (books,
 * printed cards): the latest, or found by order number, so an admin can answer a customer who
 * asks why an order is not among the generations.
 */
export function IgnoredShopOrders() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const orders = useQuery({
    queryKey: ['/shop/ignored-order', debounced],
    queryFn: ({ signal }) =>
      apiRequest<{ ignoredOrders: IgnoredShopOrder[] }>(
        debounced
          ? `/shop/ignored-order?${new URLSearchParams({ search: debounced })}`
          : '/shop/ignored-order',
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ignored-shop-orders-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="ignored-shop-orders-title">
          {ignoredShopOrderMessages.title}
        </Title>
        <Text size="sm">{ignoredShopOrderMessages.explanation}</Text>
        <TextInput
          label={ignoredShopOrderMessages.search}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          w={260}
          rightSection={orders.isFetching ? <Loader size="xs" aria-hidden /> : null}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {orders.isPending ? ignoredShopOrderMessages.loading : ''}
        </Text>
        {orders.error && (
          <ErrorBox
            title={ignoredShopOrderMessages.loadFailed}
            failure={failedCall(orders.error)}
            message={orders.error.message}
            onRetry={() => void orders.refetch()}
            retrying={orders.isFetching}
          />
        )}
        {orders.data && <IgnoredOrdersTable orders={orders.data.ignoredOrders} searched={debounced !== ''} />}
      </Stack>
    </Paper>
  );
}

function IgnoredOrdersTable({ orders, searched }: { orders: IgnoredShopOrder[]; searched: boolean }) {
  if (orders.length === 0) return <Text size="sm">{ignoredShopOrderMessages.none}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{ignoredShopOrderMessages.order}</Table.Th>
              <Table.Th scope="col">{ignoredShopOrderMessages.status}</Table.Th>
              <Table.Th scope="col">{ignoredShopOrderMessages.lines}</Table.Th>
              <Table.Th scope="col">{ignoredShopOrderMessages.receivedAt}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.order}>
                <Table.Td>{order.order}</Table.Td>
                <Table.Td>{shopOrderStatusLabel(order.status)}</Table.Td>
                <Table.Td>{orderLinesText(order.lines)}</Table.Td>
                <Table.Td>
                  <DateTimeText value={order.receivedAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!searched && orders.length === IGNORED_SHOP_ORDERS_SHOWN && (
        <Text size="sm" c="dimmed">
          {ignoredShopOrderMessages.latest(IGNORED_SHOP_ORDERS_SHOWN)}
        </Text>
      )}
    </>
  );
}
