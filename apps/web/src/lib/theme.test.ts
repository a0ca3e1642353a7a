import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;

describe('theme contrast (WCAG AA)', () => {
  it('brand green reaches 4.5:1 on white and on the page grey, as a fill and as link text', () => {
    const green = merged.colors.teal[6];
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(green, '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light['--mantine-color-anchor'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('helper text and every light badge reach 4.5:1', () => {
    expect(contrastRatio(light['--mantine-color-dimmed'] ?? '', '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
    for (const [name, shades] of Object.entries(merged.colors)) {
      if (name === 'dark') continue;
      expect(contrastRatio(light[`--mantine-color-${name}-light-color`] ?? '', shades[1]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light[`--mantine-color-${name}-text`] ?? '', '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
