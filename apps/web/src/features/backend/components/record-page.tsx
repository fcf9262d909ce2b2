import { Group, Loader, type MantineSize } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { LOADING_LABEL } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { failedCall } from '@/lib/api';

/** A detail page: its record loading, the spec's error prefix with retry, or the record. */
export function RecordPage<Item>(props: RecordStateProps<Item>) {
  return (
    <Page>
      <RecordState {...props} />
    </Page>
  );
}

interface RecordStateProps<Item> {
  record: UseQueryResult<Item>;
  errorTitle: string;
  children: (item: Item) => ReactNode;
  loaderSize?: MantineSize;
}

/** A record being loaded, in a page or a panel: a spinner, the error with retry, or the record. */
export function RecordState<Item>({ record, errorTitle, children, loaderSize }: RecordStateProps<Item>) {
  return record.isPending ? (
    <Loader size={loaderSize} role="status" aria-label={LOADING_LABEL} />
  ) : record.error ? (
    <ErrorBox
      title={errorTitle}
      failure={failedCall(record.error)}
      message={record.error.message}
      onRetry={() => void record.refetch()}
      retrying={record.isFetching}
    />
  ) : (
    children(record.data)
  );
}

/** A detail page's head: what the record is (its kind, name, state) and, on the right, its action. */
export function RecordHeader({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Group gap="xs">{children}</Group>
      {action}
    </Group>
  );
}
