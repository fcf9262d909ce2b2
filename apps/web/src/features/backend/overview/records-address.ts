import type { OverviewList, RecordsLink } from '@lizenzportal/domain';
import { updateListState } from '@/lib/list-state';
import {
  BACKEND_DELIVERIES_PATH,
  BACKEND_DOWNLOADS_PATH,
  BACKEND_LICENSES_PATH,
  BACKEND_ORDER_GENERATIONS_PATH,
  BACKEND_UPGRADE_SESSIONS_PATH,
} from '@/lib/paths';

const LIST_PAGES: Record<OverviewList, string> = {
  license: BACKEND_LICENSES_PATH,
  orderGeneration: BACKEND_ORDER_GENERATIONS_PATH,
  delivery: BACKEND_DELIVERIES_PATH,
  upgradeSession: BACKEND_UPGRADE_SESSIONS_PATH,
  download: BACKEND_DOWNLOADS_PATH,
};

/**
 * The address of a back-office list with filters, written as the list writes its own state: its
 * query builder shows them, to adjust or remove.
 */
export function recordsAddress({ list, filters }: RecordsLink): string {
  return `${LIST_PAGES[list]}?${updateListState(new URLSearchParams(), { filters }).toString()}`;
}
