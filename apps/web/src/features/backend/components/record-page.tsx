import { Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { LOADING_LABEL } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { errorStatus } from '@/lib/api';

/** A detail page: its record loading, the spec's error prefix with retry, or the record. */
export function RecordPage<Item>({
  record,
  errorTitle,
  children,
}: {
  record: UseQueryResult<Item>;
  errorTitle: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <Page>
      {record.isPending ? (
        <Loader role="status" aria-label={LOADING_LABEL} />
      ) : record.error ? (
        <ErrorBox
          title={errorTitle}
          status={errorStatus(record.error)}
          message={record.error.message}
          onRetry={() => void record.refetch()}
          retrying={record.isFetching}
        />
      ) : (
        children(record.data)
      )}
    </Page>
  );
}
