import { createContext, use } from 'react';
import { useMatches, type Params } from 'react-router';

/** What the route table (`app/router.tsx`) says about a page. */
export interface PageHandle {
  /** The page's German title: its main heading and, with „ – Lizenzportal”, the browser tab. */
  title: string | ((params: Params) => string);
}

/**
 * A page shown at another page's address (the start page shows the login to visitors) names
 * itself through this context instead of the route table.
 */
export const PageTitleOverride = createContext<string | null>(null);

const hasTitle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle;

/** The title of the page at the current address, from the route table. */
export function usePageTitle(): string {
  const override = use(PageTitleOverride);
  const match = useMatches().findLast((candidate) => hasTitle(candidate.handle));
  if (override !== null) return override;
  if (!match || !hasTitle(match.handle)) throw new Error('This route has no title in the route table.');
  const { title } = match.handle;
  return typeof title === 'function' ? title(match.params) : title;
}
