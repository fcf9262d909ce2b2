import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toApiQuery, type ListState } from '@/lib/list-state';
import { fetchLicenses } from '../api.ts';

export function useLicenseList(state: ListState) {
  return useQuery({
    queryKey: ['licenses', toApiQuery(state)],
    queryFn: ({ signal }) => fetchLicenses(state, signal),
    // The table keeps the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
