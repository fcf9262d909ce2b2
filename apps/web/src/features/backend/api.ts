import type { License } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';
import { toApiQuery, type ListState } from '@/lib/list-state';

export interface LicensePage {
  licenses: License[];
  total: number;
}

/** One page of the license list (admin): `GET /license?limit&skip&sort&<filters>`. */
export function fetchLicenses(state: ListState, signal?: AbortSignal): Promise<LicensePage> {
  return apiRequest<LicensePage>('/license', { query: toApiQuery(state), signal });
}
