import type { ComponentType, ReactNode } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { LoadingPage } from '@/components/ui/page';
import { PageLoader } from '@/components/ui/page-loader';
import { afterFirstPaint } from '@/lib/after-first-paint';
import type { PageHandle } from '@/lib/page-title';
import { BACKEND_PATH } from '@/lib/paths';
import { AdminGuard, CustomerGuard } from './guards.tsx';
import { AdminLayout, type AdminNavigationEntry } from './layout/admin-layout.tsx';
import { CustomerLayout } from './layout/customer-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * What the route table says about a route besides its element: the page's title and, for an
 * address with parameters (`/backend/license/:id`), which seeded record the accessibility sweep
 * puts in each parameter. A page without a title, or with a parameter the sweep cannot fill,
 * fails the sweep (`accessibility.browser.test.ts`).
 */
export interface RouteHandle extends PageHandle {
  sampleParams?: Record<string, SweepRecord>;
}

/** The kinds of records the accessibility sweep seeds (`test/sweep.ts`) for parameterised addresses. */
export type SweepRecord = 'license' | 'orderGeneration' | 'delivery' | 'upgradeSession';

/** What a lazily loaded page's module gives its route: the page, and what runs before it shows. */
export interface LoadedPage {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * Who may open a page, which decides the guard and the frame around it: `anyone` in the portal's
 * frame (or in none, `frameless`), `license` behind the license's guard, `admin` in the back
 * office (below `/backend`, behind the admin's guard and in its frame).
 */
type PageAccess = 'anyone' | 'license' | 'admin';

interface PlacedPage {
  /** The full address (`/backend/license/:id`, `/backend/*`): the router's path is derived from it. */
  path: string;
  access: PageAccess;
  /** Drawn without the portal's frame (the assistant in the shop's iframe): only for `anyone`. */
  frameless?: true;
}

interface ShownPage extends PlacedPage {
  /** The German title from the domain's `pageTitles`: the heading, and the browser tab. */
  title: RouteHandle['title'];
  sampleParams?: RouteHandle['sampleParams'];
  /** Its label in the back office's navigation bar, whose entries follow the table's order. */
  navigation?: string;
}

/**
 * One page of the portal, declared once in the route table (`router.tsx`): its address, who may
 * open it, its title, its navigation entry, and its files — loaded with its route (`load`,
 * decision 047) or, for the first screens of the links people follow, in the first load
 * (`element`). A route that only sends elsewhere names where (`redirect`). Router, navigation and
 * titles are derived from these declarations (decision 071).
 */
export type PageDeclaration =
  | (ShownPage & {
      load: () => Promise<LoadedPage>;
      /**
       * What the page's place shows below its heading while its files load, laid out as the page
       * will be (a list's filters, toolbar and table frame: decision 078); the loader if none.
       */
      firstScreen?: ReactNode;
      element?: never;
      redirect?: never;
    })
  | (ShownPage & { element: ReactNode; load?: never; redirect?: never })
  | (PlacedPage & { redirect: (url: URL) => string; title?: never; load?: never; element?: never });

/** A route that only sends elsewhere: it has no page and no title of its own. */
const REDIRECT = { redirect: true } as const;

/** The page's path below its parent route's (`base`): `''` for the parent's own address. */
function pathBelow(page: PlacedPage, base: string): string {
  if (page.path === base || (base === '' && page.path === '/')) return '';
  if (!page.path.startsWith(`${base}/`)) {
    throw new Error(`${page.path}: a page for ${page.access} must be below ${base || '/'}.`);
  }
  return page.path.slice(base.length + 1);
}

/**
 * A page's route. A lazy page's title is in the route from the start. On the first load the frames
 * above it (the cookie banner, the bar, the footer) are drawn with the entry and the page's place
 * shows its `HydrateFallback` until its files have come (decision 058): the page's heading with
 * its declared first screen or the loader below it (`LoadingPage`), or, for a page without the
 * portal's frame and heading, the loader alone. The files are asked for once that frame is painted (`afterFirstPaint`): Lighthouse
 * counts every request that ended before the largest paint into it. A later navigation keeps the
 * old page on screen until the new one's files are there.
 */
function routeOf(page: PageDeclaration, base: string): RouteObject {
  const relative = pathBelow(page, base);
  const place = relative === '' ? { index: true as const } : { path: relative };
  if (page.redirect) {
    const to = page.redirect;
    return { ...place, handle: REDIRECT, loader: ({ request }) => redirect(to(new URL(request.url))) };
  }
  const handle: RouteHandle = {
    title: page.title,
    ...(page.sampleParams && { sampleParams: page.sampleParams }),
  };
  if (page.load) {
    const { load, firstScreen } = page;
    return {
      ...place,
      handle,
      lazy: async () => {
        await afterFirstPaint();
        return load();
      },
      HydrateFallback: page.frameless ? PageLoader : () => <LoadingPage>{firstScreen}</LoadingPage>,
    };
  }
  return { ...place, handle, element: page.element };
}

/**
 * The back office's navigation bar: the declared entries in the table's order. An entry with
 * others below its address (the overview at `/backend`) is marked on its own page only; a list's
 * stays marked on the pages below it (a record of the list).
 */
export function navigationOf(pages: readonly PageDeclaration[]): AdminNavigationEntry[] {
  const entries = pages.flatMap((page) =>
    !page.redirect && page.navigation !== undefined ? [{ to: page.path, label: page.navigation }] : [],
  );
  return entries.map((entry) => ({
    ...entry,
    end: entries.some((other) => other.to.startsWith(`${entry.to}/`)),
  }));
}

/** The router's route table, derived from the page declarations: each under its guard and frame. */
export function routesOf(pages: readonly PageDeclaration[]): RouteObject[] {
  for (const page of pages) {
    if (page.frameless && page.access !== 'anyone') {
      throw new Error(`${page.path}: only a page for anyone can go without the portal's frame.`);
    }
  }
  const framed = (access: PageAccess, base = '') =>
    pages.filter((page) => page.access === access && !page.frameless).map((page) => routeOf(page, base));
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...pages.filter((page) => page.frameless).map((page) => routeOf(page, '')),
        {
          element: <CustomerLayout />,
          children: [...framed('anyone'), { element: <CustomerGuard />, children: framed('license') }],
        },
        {
          path: BACKEND_PATH.slice(1),
          element: <AdminGuard />,
          children: [
            {
              element: <AdminLayout navigation={navigationOf(pages)} />,
              children: framed('admin', BACKEND_PATH),
            },
          ],
        },
      ],
    },
  ];
}
