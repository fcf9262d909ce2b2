import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
  const tab = external || newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (external) {
    return (
      <Anchor href={to} {...tab} {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={to} {...tab} {...props}>
      {children}
    </Anchor>
  );
}
