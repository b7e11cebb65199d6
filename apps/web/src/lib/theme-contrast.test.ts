/**
 * Contrast of the theme's tokens (WCAG 2.2 AA: 4.5:1 for text (1.4.3), 3:1 for the
 * focus ring against what surrounds it (1.4.11)). Ratios are WCAG's relative-luminance formula;
 * a translucent colour (MUI's `rgba(0, 0, 0, 0.6)` secondary text) is first laid over the
 * surface it sits on, as the browser paints it.
 */
import type { Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { SKINS, type Skin } from './layout-settings.ts';
import { createAppTheme, focusRingColor } from './theme.ts';

type Rgba = [number, number, number, number];

function parseColor(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(color)?.[1];
  if (rgb) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb.split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  throw new Error(`cannot read colour ${color}`);
}

/** `color` painted over the opaque `under`. */
function over(color: string, under: string): Rgba {
  const [r, g, b, a] = parseColor(color);
  const [ur, ug, ub] = parseColor(under);
  return [r * a + ur * (1 - a), g * a + ug * (1 - a), b * a + ub * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of `foreground` (may be translucent) on the opaque `background`. */
function contrastRatio(foreground: string, background: string): number {
  const a = luminance(over(foreground, background));
  const b = luminance(parseColor(background));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('contrastRatio (WCAG relative luminance)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The classic borderline grey: #777 on white fails AA (4.48:1), #767676 passes (4.54:1).
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // Translucent black at 60 % on white is #666666 (5.74:1).
    expect(contrastRatio('rgba(0, 0, 0, 0.6)', '#ffffff')).toBeCloseTo(contrastRatio('#666666', '#ffffff'), 1);
  });
});

const surfaces = (theme: Theme) => [theme.palette.background.default, theme.palette.background.paper];

describe.each(SKINS.map((skin) => [skin]))('theme tokens of the %s skin', (skin: Skin) => {
  const theme = createAppTheme({ skin, direction: 'ltr' });
  // The semi-dark skin's menu uses the dark theme (layout/vertical-menu.tsx).
  const menuTheme = skin === 'semi-dark' ? createAppTheme({ skin: 'dark', direction: 'ltr' }) : theme;

  it.each([
    ['primary text', (t: Theme) => t.palette.text.primary],
    ['secondary text (menu headings, dates, captions)', (t: Theme) => t.palette.text.secondary],
    ['greyed text (disabled menu groups and entries)', (t: Theme) => t.palette.text.disabled],
  ])('%s has 4.5:1 on the page and on surfaces, in the content and in the menu', (_name, token) => {
    for (const t of [theme, menuTheme]) {
      for (const surface of surfaces(t)) expect(contrastRatio(token(t), surface), `${token(t)} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  // On the white navbar; on a coloured one the avatar is primary text on the surface (above).
  it('avatar initials (primary contrast text on primary) have 4.5:1', () => {
    const { main, contrastText } = theme.palette.primary;
    expect(contrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring has 3:1 against the page and surfaces', () => {
    for (const surface of surfaces(theme)) expect(contrastRatio(focusRingColor(theme), surface)).toBeGreaterThanOrEqual(3);
  });
});
