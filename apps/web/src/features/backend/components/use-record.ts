import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { apiRequest } from '@/lib/api';

/**
 * The record of a detail page (`/backend/delivery/{id}`): its API path (`/delivery/{id}`) and the
 * record, read from the answer's `key` (`{ delivery }`).
 */
export function useRecord<Key extends string, Item>(collection: `/${string}`, key: Key) {
  const { id = '' } = useParams();
  const path = `${collection}/${id}`;
  const record = useQuery({
    queryKey: [path, 'detail'],
    queryFn: ({ signal }) => apiRequest<Record<Key, Item>>(path, { signal }),
    select: (data) => data[key],
  });
  return { path, record };
}
