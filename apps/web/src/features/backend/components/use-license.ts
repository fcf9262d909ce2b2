import { useQuery } from '@tanstack/react-query';
import type { License } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

export const licenseKey = (id: string) => ['/license', 'detail', id] as const;

/** One license, as the back office reads and edits it. */
export function useLicense(id: string) {
  return useQuery({
    queryKey: licenseKey(id),
    queryFn: ({ signal }) => apiRequest<{ license: License }>(`/license/${id}`, { signal }),
  });
}
