import { describe, expect, test } from 'vitest';
import { moduleDownload } from './module-download.ts';

describe('a module download', () => {
  test('asks once: later loads get what arrived', async () => {
    let asked = 0;
    const download = moduleDownload(
      async () => {
        asked++;
        return { part: 'screens' };
      },
      (module) => module.part,
    );
    expect(download.arrived).toBeNull();
    expect(await Promise.all([download.load(), download.load()])).toEqual(['screens', 'screens']);
    expect(await download.load()).toBe('screens');
    expect(download.arrived).toBe('screens');
    expect(asked).toBe(1);
  });

  test('asks again after a failed download', async () => {
    let asked = 0;
    const download = moduleDownload(
      async () => {
        asked++;
        if (asked === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return 'screens';
      },
      (module) => module,
    );
    await expect(download.load()).rejects.toThrow('Failed to fetch');
    expect(download.arrived).toBeNull();
    expect(await download.load()).toBe('screens');
    expect(asked).toBe(2);
  });
});
