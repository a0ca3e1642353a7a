import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, cssVariablesResolver, filledLabel, theme } from './theme';

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

  it('every filled button and badge: its label reaches 4.5:1 on its fill and on its hover', () => {
    // The label as Mantine's own resolver picks it for `color="<name>"`, e.g. Approve's green.
    const named = { 'var(--mantine-color-black)': merged.black, 'var(--mantine-color-white)': merged.white };
    for (const [name, shades] of Object.entries(merged.colors)) {
      if (name === 'dark') continue;
      const resolved = defaultVariantColorsResolver({ color: name, theme: merged, variant: 'filled' });
      const label = named[resolved.color as keyof typeof named];
      expect(label, name).toBe(filledLabel(merged, shades[6]));
      const hover = light[`--mantine-color-${name}-filled-hover`] ?? shades[7];
      expect(contrastRatio(label, shades[6]), `${name} fill`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(label, hover), `${name} hover`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the green of Approve and Confirm carries a white label', () => {
    expect(filledLabel(merged, merged.colors.green[6])).toBe(merged.white);
    expect(contrastRatio(merged.colors.green[6], merged.white)).toBeGreaterThanOrEqual(4.5);
  });
});
