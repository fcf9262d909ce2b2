import { Stack } from '@mantine/core';
import { ErrorBox } from '@/components/ui/error-box';
import { ListPagination } from '@/components/ui/list-pagination';
import { Page } from '@/components/ui/page';
import { errorStatus } from '@/lib/api';
import { useLicenseList } from '../hooks/use-license-list.ts';
import { useKeepPageInRange, useListState } from '../hooks/use-list-state.ts';
import { LicenseTable } from './license-table.tsx';

/** `/backend/license`: all licenses, page by page, newest first. */
export function LicenseListPage() {
  const [state, change] = useListState();
  const list = useLicenseList(state);
  useKeepPageInRange(list.isPlaceholderData ? undefined : list.data?.total);

  return (
    <Page title="Alle Lizenzen">
      {list.error ? (
        <ErrorBox
          title="Fehler beim Abrufen der Lizenzen"
          status={errorStatus(list.error)}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <Stack>
          <LicenseTable
            licenses={list.data?.licenses ?? []}
            sort={state.sort}
            fetching={list.isFetching}
            onChange={change}
          />
          {list.data && <ListPagination state={state} total={list.data.total} onChange={change} />}
        </Stack>
      )}
    </Page>
  );
}
