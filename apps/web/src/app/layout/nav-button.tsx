import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useMatch } from 'react-router';

/**
 * A navigation bar link; the link of the current page is highlighted and marked `aria-current`.
 * With `end={false}` the pages below the link's address count as its page too.
 */
export function NavButton({ to, end = true, children }: { to: string; end?: boolean; children: ReactNode }) {
  const active = useMatch({ path: to, end }) !== null;
  return (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      size="sm"
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Button>
  );
}
