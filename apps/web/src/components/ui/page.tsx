import { Stack, Title } from '@mantine/core';
import { documentTitle } from '@lizenzportal/domain';
import { useRef, type ReactNode } from 'react';
import { useFocusAfterNavigation } from '@/lib/page-focus';
import { usePageTitle } from '@/lib/page-title';
import { PageLoader } from './page-loader.tsx';

/**
 * A page with its heading, titled by the route table; the browser tab shows the same title. The
 * heading takes the focus after a navigation.
 */
export function Page({ children }: { children: ReactNode }) {
  const title = usePageTitle();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterNavigation(heading);
  return (
    <Stack gap="lg">
      <title>{documentTitle(title)}</title>
      <Title order={1} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A page whose files are still loading: its heading (the same the page will show, from the route
 * table) and, in its place, the loader or the page's first screen as the route declares it. The
 * page then takes over under the same heading.
 */
export function LoadingPage({ children = <PageLoader /> }: { children?: ReactNode }) {
  return <Page>{children}</Page>;
}
