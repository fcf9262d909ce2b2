import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { toApiQuery, type ListState } from '@/lib/list-state';

/** Where a list is read: `GET <path>?…` answers `{ <key>: rows, total, totalExact }`. */
export interface ListResource<Key extends string> {
  path: string;
  key: Key;
}

/** `totalExact` false: more rows match than `total`, where the server stopped counting. */
export type ListAnswer<Key extends string, Row> = Record<Key, Row[]> & { total: number; totalExact: boolean };

/** One page of a back-office list, as the address describes it. */
export function useList<Key extends string, Row>(resource: ListResource<Key>, state: ListState) {
  const query = toApiQuery(state);
  return useQuery({
    queryKey: [resource.path, 'list', query],
    queryFn: ({ signal }) => apiRequest<ListAnswer<Key, Row>>(resource.path, { query, signal }),
    // The table keeps the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
