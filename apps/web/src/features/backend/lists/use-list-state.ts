import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { parseListState, updateListState, type ListChange, type ListState } from '@/lib/list-state';

/** The list state of the current address, and the way to change it (one history entry per change). */
export function useListState(): [ListState, (change: ListChange) => void] {
  const [search, setSearch] = useSearchParams();
  const change = useCallback(
    (listChange: ListChange) => setSearch((current) => updateListState(current, listChange)),
    [setSearch],
  );
  return [parseListState(search), change];
}

/**
 * A page beyond the total (rows deleted meanwhile, an old bookmark) turns into the last page; the
 * address is replaced, so "back" does not return to the empty page.
 */
export function useKeepPageInRange(total: number | undefined): void {
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    if (total === undefined) return;
    const corrected = updateListState(search, { total });
    if (corrected.toString() !== search.toString()) setSearch(corrected, { replace: true });
  }, [search, setSearch, total]);
}
