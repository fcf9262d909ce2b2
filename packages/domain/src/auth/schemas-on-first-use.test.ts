import { describe, expect, it, vi } from 'vitest';
import type * as zod from 'zod';

/** How many schemas zod's `z.…()` functions were asked to build. */
const built = vi.hoisted(() => ({ count: 0 }));

vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof zod>();
  // The builders (`z.object`, `z.enum`, …) are counted; classes (`z.ZodType`) are left alone.
  const z = new Proxy(actual.z, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function' || typeof key !== 'string' || !/^[a-z]/.test(key)) return value;
      return (...args: unknown[]) => {
        built.count++;
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...actual, z };
});

describe('the sign-in and license schemas', () => {
  it('are built on first use, not when the portal’s first load imports them (decision 054)', async () => {
    // Test files share a worker's modules (`isolate: false`): these are evaluated afresh, on the mock.
    vi.resetModules();
    // A schema of a module both import is built at import and counted apart.
    await import('../formats/record-id.ts');
    built.count = 0;
    const auth = await import('./schema.ts');
    const license = await import('../license/schema.ts');
    expect(built.count).toBe(0);

    const user = auth.authUserSchema();
    expect(built.count).toBeGreaterThan(30);
    expect(auth.authUserSchema()).toBe(user);
    expect(auth.licenseUserSchema().shape.holder).toBe(license.licenseSchema().shape.holder);
  });
});
