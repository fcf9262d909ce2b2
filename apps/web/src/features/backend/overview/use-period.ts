import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_OVERVIEW_PERIOD, isOverviewPeriod, type OverviewPeriod } from '@lizenzportal/domain';

/**
 * The figures' period, kept in the address like a list's state (`/backend?period=12m`), so the
 * page can be bookmarked, shared and restored with the back button; the default stays out of it.
 */
export function usePeriod(): [OverviewPeriod, (period: OverviewPeriod) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('period');
  const choose = useCallback(
    (period: OverviewPeriod) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        if (period === DEFAULT_OVERVIEW_PERIOD) next.delete('period');
        else next.set('period', period);
        return next;
      }),
    [setSearch],
  );
  return [isOverviewPeriod(asked) ? asked : DEFAULT_OVERVIEW_PERIOD, choose];
}
