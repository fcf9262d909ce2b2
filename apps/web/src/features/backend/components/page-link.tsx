import { Anchor, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { backendLicensePath } from '@/lib/paths';

/** A link to another page of the back office, in the size of the facts around it. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}

/** The licenses a record names, each by its id linked to its page; `empty` when it names none. */
export function LicenseLinks({ ids, empty }: { ids: readonly string[]; empty?: string }) {
  if (ids.length === 0) return empty === undefined ? null : <Text size="sm">{empty}</Text>;
  return (
    <List size="sm">
      {ids.map((id) => (
        <List.Item key={id}>
          <PageLink to={backendLicensePath(id)}>{id}</PageLink>
        </List.Item>
      ))}
    </List>
  );
}
