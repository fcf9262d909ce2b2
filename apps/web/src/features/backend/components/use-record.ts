import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** One record of the back office by its API path (`/delivery/{id}` → `{ delivery }`). */
export function useRecord<Key extends string, Item>(path: string, key: Key) {
  return useQuery({
    queryKey: [path, 'detail'],
    queryFn: ({ signal }) => apiRequest<Record<Key, Item>>(path, { signal }),
    select: (data) => data[key],
  });
}
