import {
  DEFAULT_THEME,
  createTheme,
  darken,
  isLightColor,
  lighten,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

/**
 * The brand green. Mantine's own teal is too light for text on white (2.5:1 at shade 6), so the
 * shades from 6 on are darkened: filled buttons, links and the wordmark reach WCAG AA (4.5:1) on
 * white and on the page's grey.
 */
const brand: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0b7a5a',
  '#096a4e',
  '#075a42',
  '#054a36',
];

/**
 * Approve, Confirm and Save on Device are green. Mantine's green at shade 6 (#40c057) is too light
 * for a white label (2.4:1), and a black one reads as a warning, so the shades from 6 on are darkened
 * until white reaches AA: 4.8:1 on the fill, 5.7:1 on its hover.
 */
const green: MantineColorsTuple = [
  ...(DEFAULT_THEME.colors.green.slice(0, 6) as [string, string, string, string, string, string]),
  '#29833b',
  '#257535',
  '#226e32',
  '#1e612b',
];

/** Every coloured text must reach this ratio against the surfaces it sits on (WCAG AA, normal text). */
const AA = 4.5;
const WHITE = '#ffffff';
/** The page background (gray.0) behind cards. */
const PAGE = '#f8f9fa';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function relativeLuminance(hex: string): number {
  const short = hex.replace('#', '');
  // Mantine's black and white are written short (#000, #fff).
  const value = short.length === 3 ? [...short].map((digit) => digit + digit).join('') : short;
  const [r, g, b] = [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16));
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

function toHex(color: string): string {
  if (color.startsWith('#')) return color;
  // darken() answers rgba(r, g, b, a).
  const parts = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map((part) => Math.round(Number(part))) ?? [0, 0, 0];
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** The label Mantine puts on a filled button or badge of this colour (autoContrast): black on a light fill, white on a dark one. */
export function filledLabel(theme: MantineTheme, fill: string): string {
  return isLightColor(fill, theme.luminanceThreshold) ? theme.black : theme.white;
}

/** The first of `shades` (darker ones after it) readable on every background, darkening the last one if none is. */
function readableShade(shades: readonly string[], backgrounds: readonly string[]): string {
  const passes = (color: string) => backgrounds.every((background) => contrastRatio(color, background) >= AA);
  const found = shades.find(passes);
  if (found) return found;
  let color = shades[shades.length - 1] ?? '#000000';
  for (let step = 0; step < 20 && !passes(color); step += 1) color = toHex(darken(color, 0.05));
  return color;
}

/**
 * Text colours derived from each palette are lifted to AA: coloured text (`c="red"`, errors), the
 * light variant's text on its tinted background (badges, the active menu entry) and the dimmed
 * helper text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    light[`--mantine-color-${name}-text`] = readableShade(shades.slice(6), [WHITE, PAGE]);
    light[`--mantine-color-${name}-light-color`] = readableShade(shades.slice(8), [shades[1], shades[0], WHITE]);
  }
  const gray = theme.colors.gray;
  light['--mantine-color-dimmed'] = readableShade(
    [gray[6], toHex(darken(gray[6], 0.15)), toHex(darken(gray[6], 0.25))],
    [WHITE, PAGE, gray[1]],
  );
  // A filled button keeps the label chosen for its fill on hover; where the next shade (Mantine's hover)
  // is too dark for a black label, the hover is a lighter or a slightly darker fill instead.
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const fill = shades[6];
    const label = filledLabel(theme, fill);
    const candidates = [shades[7], toHex(darken(fill, 0.08)), toHex(lighten(fill, 0.1))];
    const hover = candidates.find((candidate) => contrastRatio(candidate, label) >= AA);
    if (hover && hover !== shades[7]) light[`--mantine-color-${name}-filled-hover`] = hover;
  }
  light['--mantine-color-error'] = readableShade(theme.colors.red.slice(6), [WHITE, PAGE]);
  light['--mantine-color-anchor'] = readableShade(theme.colors[theme.primaryColor]?.slice(6) ?? [], [WHITE, PAGE]);
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  colors: { teal: brand, green },
  primaryColor: 'teal',
  primaryShade: { light: 6, dark: 8 },
  // Filled buttons and badges pick black or white text by the fill's luminance; 0.179 is the point
  // where both reach 4.5:1, so every fill colour gets a readable label.
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});
