import type { RouteObject } from 'react-router';

/** A page of the route table: its full path and what the table says about it. */
export interface RouteEntry {
  /** `/backend/license/:id`, `/backend/*`. */
  path: string;
  handle: unknown;
}

/** Every leaf route of the table with its full path (layout routes add their path to children). */
export function routeEntries(routes: RouteObject[], parentPath = ''): RouteEntry[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined
        ? parentPath
        : route.path.startsWith('/')
          ? route.path
          : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    if (route.children) return routeEntries(route.children, path);
    return [{ path: path || '/', handle: route.handle }];
  });
}

/** What stands for the `*` of a catch-all route: an address the portal does not have. */
const UNKNOWN_SEGMENT = 'gibt-es-nicht';

interface SweepHandle {
  title?: unknown;
  redirect?: boolean;
  sampleParams?: Record<string, string>;
}

/**
 * The address the accessibility sweep opens for a route: `*` becomes an unknown segment, each
 * `:param` the id of the seeded record the route's `sampleParams` names. A route without a title
 * (unless it only redirects) or with a parameter that cannot be filled is an error: the sweep
 * must never skip a page silently.
 */
export function sampleAddress(entry: RouteEntry, records: Partial<Record<string, string>>): string {
  const handle = (entry.handle ?? {}) as SweepHandle;
  if (handle.title === undefined && !handle.redirect) {
    throw new Error(`${entry.path}: the route has no title in the route table (handle.title).`);
  }
  return entry.path.replace(/\*$/, UNKNOWN_SEGMENT).replace(/:(\w+)\??/g, (_, name: string) => {
    const record = handle.sampleParams?.[name];
    if (record === undefined) {
      throw new Error(
        `${entry.path}: the sweep cannot fill ":${name}"; name its record in handle.sampleParams.`,
      );
    }
    const id = records[record];
    if (id === undefined) {
      throw new Error(`${entry.path}: the sweep seeds no "${record}" record for ":${name}"; seed one.`);
    }
    return encodeURIComponent(id);
  });
}
