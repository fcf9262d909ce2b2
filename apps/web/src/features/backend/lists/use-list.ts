import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListAnswer, ListDefinition } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { toApiQuery, type ListState } from '@/lib/list-state';
import { takeEarlyList } from './early-list.ts';

/** The query key of a list's pages: what changes its rows refreshes them by it. */
export const listQueryKey = (list: ListDefinition) => [list.path, 'list'] as const;

/** One page of a back-office list, as the address describes it, read where the list's declaration says. */
export function useList<List extends ListDefinition>(list: List, state: ListState) {
  const query = toApiQuery(state);
  return useQuery({
    queryKey: [...listQueryKey(list), query],
    // The first page may have been asked for while the page's files loaded (`startListEarly`).
    queryFn: ({ signal }) =>
      takeEarlyList(list, query) ?? apiRequest<ListAnswer<List>>(list.path, { query, signal }),
    // The table keeps the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
