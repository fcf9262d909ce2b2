import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeEntries, sampleAddress } from './route-addresses.ts';
import type { SweepRecord } from './page-routes.tsx';
import { routes } from './router.tsx';

const titled = { title: 'Seite' };

describe('route entries', () => {
  it('lists every leaf route with its full path', () => {
    const table: RouteObject[] = [
      {
        children: [
          { path: '/direct-login', handle: { redirect: true } },
          {
            children: [
              { index: true, handle: titled },
              { path: 'login', handle: titled },
            ],
          },
          { path: 'backend', children: [{ index: true }, { path: 'license/:id' }, { path: '*' }] },
        ],
      },
    ];
    expect(routeEntries(table).map((entry) => entry.path)).toEqual([
      '/direct-login',
      '/',
      '/login',
      '/backend',
      '/backend/license/:id',
      '/backend/*',
    ]);
  });

  it("covers the app's own table, every page titled or redirecting", () => {
    const entries = routeEntries(routes);
    expect(entries.map((entry) => entry.path)).toContain('/backend/license');
    const id = '00000000-0000-4000-8000-000000000000';
    const seeded: Record<SweepRecord, string> = {
      license: id,
      orderGeneration: id,
      delivery: id,
      upgradeSession: id,
    };
    for (const entry of entries) expect(() => sampleAddress(entry, seeded)).not.toThrow();
  });
});

describe('sample addresses', () => {
  it('fills parameters with seeded records and the catch-all with an unknown segment', () => {
    const entry = { path: '/backend/license/:id', handle: { ...titled, sampleParams: { id: 'license' } } };
    expect(sampleAddress(entry, { license: 'a1' })).toBe('/backend/license/a1');
    expect(sampleAddress({ path: '/backend/*', handle: titled }, {})).toBe('/backend/gibt-es-nicht');
  });

  it('refuses a page it cannot visit, loudly', () => {
    expect(() => sampleAddress({ path: '/x/:id', handle: titled }, {})).toThrow(
      '/x/:id: the sweep cannot fill ":id"',
    );
    const unseeded = { path: '/x/:id', handle: { ...titled, sampleParams: { id: 'delivery' } } };
    expect(() => sampleAddress(unseeded, {})).toThrow('seeds no "delivery" record');
    expect(() => sampleAddress({ path: '/x', handle: undefined }, {})).toThrow('has no title');
  });
});
