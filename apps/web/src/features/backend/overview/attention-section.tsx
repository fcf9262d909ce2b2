import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  listTotal,
  nounFor,
  overviewMessages,
  parseAddressFilters,
  type Attention,
} from '@lizenzportal/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { PageLoader } from '@/components/ui/page-loader';
import { apiRequest, failedCall } from '@/lib/api';
import { recordsAddress } from './records-address.ts';

const messages = overviewMessages.attention;

/**
 * „Braucht Aufmerksamkeit”: each count opens the list that shows its records, with the filters
 * visible there; when nothing needs attention, the section says so.
 */
export function AttentionSection() {
  const headingId = useId();
  const attention = useQuery({
    queryKey: ['overview', 'attention'],
    queryFn: ({ signal }) => apiRequest<Attention>('/overview/attention', { signal }),
  });
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId}>
        {messages.title}
      </Title>
      {attention.isPending ? (
        <PageLoader />
      ) : attention.isError ? (
        <ErrorBox
          title={messages.loadFailed}
          failure={failedCall(attention.error)}
          message={attention.error.message}
          onRetry={() => void attention.refetch()}
          retrying={attention.isFetching}
        />
      ) : attention.data.items.every((item) => item.count === 0) ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title={messages.allWell}>
          {messages.allWellText}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {attention.data.items.map((item) => (
            <AttentionCount key={item.item} {...item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function AttentionCount({ item, list, filter, count, countExact }: Attention['items'][number]) {
  const { noun, hint } = messages.items[item];
  const pending = count > 0;
  return (
    <Paper
      withBorder
      p="md"
      style={pending ? { borderLeft: '4px solid var(--mantine-color-red-7)' } : undefined}
    >
      <Anchor
        component={Link}
        to={recordsAddress({ list, filters: parseAddressFilters(filter) })}
        c={pending ? 'red.8' : 'dimmed'}
        underline="hover"
        display="block"
      >
        <Text component="span" display="block" fz={32} fw={700} lh={1.2}>
          {listTotal(count, countExact)}
        </Text>
        <Text component="span" display="block" fw={600}>
          {nounFor(count, noun)}
        </Text>
      </Anchor>
      <Text size="sm" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}
