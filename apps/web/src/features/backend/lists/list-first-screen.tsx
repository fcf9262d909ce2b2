import { Center, Loader, Paper, Stack } from '@mantine/core';
import { filterMessages, LOADING_LABEL } from '@lizenzportal/domain';
import type { ReactNode, Ref } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { FILTER_PARAMETER } from '@/lib/list-address';
import { FilterPanel } from './filter-panel.tsx';

interface ListScreenProps {
  /** The query builder's panel. */
  filters: ReactNode;
  /** The list's actions above the table. */
  toolbar?: ReactNode;
  /** The table, or where it will be. */
  results: ReactNode;
  /** Drawn before the list's files: seen, but not yet to be used. */
  inert?: boolean;
}

/** A list's page below its heading: filters, toolbar, table — one layout for the first screen and the list. */
export function ListScreen({ filters, toolbar, results, inert }: ListScreenProps) {
  return (
    <Stack inert={inert}>
      {filters}
      {toolbar}
      {results}
    </Stack>
  );
}

/** Where the table will be, while its files load: the table's frame and loader, as it first shows. */
export function TableSkeleton({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <Stack ref={ref} aria-busy>
      <Paper withBorder radius={0}>
        <Center mih={180}>
          <Loader role="status" aria-label={LOADING_LABEL} />
        </Center>
      </Paper>
    </Stack>
  );
}

/**
 * A list's first screen before its page's files have come: drawn with the entry as the route's
 * placeholder (`firstScreen` in the route table), in the list's own layout — the query builder's
 * panel with its note as the address's filters have it, the list's toolbar as it first shows, the
 * table's frame with its loader (decision 078). It cannot be used yet (`inert`); the list then
 * takes its place, looking the same.
 */
export function ListFirstScreen({
  toolbar,
  filterFields = [],
}: {
  toolbar?: ReactNode;
  /** Fields the route takes from the address as filters (`?license={id}`): such an address filters too. */
  filterFields?: readonly string[];
}) {
  const [search] = useSearchParams();
  // Whether the address filters, without the filters' grammar: a malformed filter, which the list
  // then drops, shows the rules' loader here for a moment.
  const filtered = Boolean(search.get(FILTER_PARAMETER)) || filterFields.some((field) => search.get(field));
  return (
    <ListScreen
      inert
      filters={
        <FilterPanel
          rules={filtered ? <PageLoader label={filterMessages.loading} /> : null}
          applyWaitingFor={filterMessages.alreadyApplied}
          removeAll={filtered ? {} : null}
        />
      }
      toolbar={toolbar}
      results={<TableSkeleton />}
    />
  );
}
