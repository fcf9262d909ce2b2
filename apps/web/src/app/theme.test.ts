import { luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { CONTROL_BORDER, cssVariablesResolver, theme } from './theme.ts';

const WHITE = '#ffffff';

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const palettes = Object.entries(theme.colors ?? {});
const resolved = cssVariablesResolver({ ...theme, colors: theme.colors } as never);

describe('theme contrast (WCAG 2.2 AA)', () => {
  it.each(palettes)('%s: shades 6–9 carry text on white and white text (≥ 4.5:1 with room)', (_, shades) => {
    for (const shade of shades!.slice(6)) expect(contrast(shade, WHITE)).toBeGreaterThanOrEqual(5.2);
  });

  it('the primary colour is one of them', () => {
    expect(palettes.map(([name]) => name)).toContain(theme.primaryColor);
    expect(theme.primaryShade).toBe(6);
  });

  it('dimmed and disabled text stay readable', () => {
    expect(contrast(resolved.light['--mantine-color-dimmed']!, WHITE)).toBeGreaterThanOrEqual(5);
    // Disabled controls sit on gray-2.
    expect(
      contrast(resolved.light['--mantine-color-disabled-color']!, theme.colors!.gray![2]),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('form controls have borders of at least 3:1', () => {
    expect(contrast(CONTROL_BORDER, WHITE)).toBeGreaterThanOrEqual(3);
  });
});
