import { Anchor, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatLicenseKey, toApiQueryString, type License } from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '@/lib/api';
import { backendLicensePath } from '@/lib/paths';

/** A link to another page of the back office, in the size of the facts around it. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}

/** The licenses a record names, each by its key linked to its page; `empty` when it names none. */
export function LicenseLinks({ ids, empty }: { ids: readonly string[]; empty?: string }) {
  const keys = useLicenseKeys(ids);
  if (ids.length === 0) return empty === undefined ? null : <Text size="sm">{empty}</Text>;
  return (
    <List size="sm">
      {ids.map((id) => (
        <List.Item key={id}>
          {/* Until the keys are there (or for a license since deleted) the id stands in. */}
          <PageLink to={backendLicensePath(id)}>{keys.get(id) ?? id}</PageLink>
        </List.Item>
      ))}
    </List>
  );
}

/** Keys are looked up for this many licenses at most: their ids fit in one request's address. */
const KEYED_LICENSES = 100;

/** The formatted keys of these licenses (the first hundred), by id: one list request for them. */
function useLicenseKeys(all: readonly string[]): Map<string, string> {
  const ids = all.slice(0, KEYED_LICENSES);
  const query = toApiQueryString({
    limit: String(ids.length),
    filters: [{ field: '_id', operator: 'in', values: ids }],
  });
  const licenses = useQuery({
    queryKey: ['/license', 'keys', ...ids],
    queryFn: ({ signal }) => apiRequest<{ licenses: License[] }>(`/license?${query}`, { signal }),
    enabled: ids.length > 0,
    staleTime: Infinity,
  });
  return new Map(licenses.data?.licenses.map((license) => [license._id, formatLicenseKey(license.key)]));
}
