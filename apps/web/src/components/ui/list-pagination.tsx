import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { listMessages, pagerMessages } from '@lizenzportal/domain';
import { currentPage, pageCount, PAGE_SIZES, type ListChange, type ListState } from '@/lib/list-state';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({
  value: String(size),
  label: size === 0 ? pagerMessages.allRows : String(size),
}));

interface ListPaginationProps {
  state: ListState;
  total: number;
  /** False: more rows match than `total`; the pages reach as far as the server counted. */
  totalExact: boolean;
  onChange: (change: ListChange) => void;
}

/** Page size selector (20, 50, 100, all), page buttons and the shown range. */
export function ListPagination({ state, total, totalExact, onChange }: ListPaginationProps) {
  const from = total === 0 ? 0 : state.skip + 1;
  const to = state.limit === 0 ? total : Math.min(total, state.skip + state.limit);
  return (
    <Group justify="space-between" gap="md">
      <Group gap="md">
        {/* The browser's own select: Mantine's kept a popover under every list, whose effects
            laid out the whole table again on a phone (decision 055); a phone's own picker is also
            the one its user knows. */}
        <NativeSelect
          label={pagerMessages.pageSize}
          data={PAGE_SIZE_OPTIONS}
          value={String(state.limit)}
          onChange={(event) => onChange({ limit: Number(event.currentTarget.value) })}
          w={140}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {listMessages.pageRange(from, to, total, totalExact)}
        </Text>
      </Group>
      <Pagination
        total={pageCount(state, total)}
        value={currentPage(state)}
        onChange={(page) => onChange({ page })}
        withEdges
        getControlProps={(control) => ({ 'aria-label': pagerMessages[control] })}
        getItemProps={(page) => ({ 'aria-label': pagerMessages.page(page) })}
      />
    </Group>
  );
}
