import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NewTabNote } from './new-tab-note.tsx';

interface SmartLinkProps extends AnchorProps {
  /** A path of this app (`/hilfe`) or a full address elsewhere (the shop). */
  to: string;
  /** Opens in a new tab (always the case for addresses outside the portal). */
  newTab?: boolean;
  children: ReactNode;
}

/**
 * Configured links (help, privacy, shop) may point into the portal or elsewhere: portal paths
 * navigate inside the app, anything else is a plain link that opens in a new tab.
 */
export function SmartLink({ to, newTab, children, ...props }: SmartLinkProps) {
  const external = !to.startsWith('/');
  const opensTab = external || newTab;
  const tab = opensTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const content = (
    <>
      {children}
      {opensTab && <NewTabNote />}
    </>
  );
  if (external) {
    return (
      <Anchor href={to} {...tab} {...props}>
        {content}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={to} {...tab} {...props}>
      {content}
    </Anchor>
  );
}
