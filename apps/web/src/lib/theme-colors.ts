/**
 * The colours of each skin as plain values, with no MUI import: lib/theme.ts builds the MUI
 * themes from them, and the shell skeleton (app/page-loader.tsx), which is in the entry chunk
 * and must not pull MUI in, paints with the same ones so the switch to the shell is seamless.
 * Contrast of the text colours on both surfaces is checked by theme-contrast.test.ts (WCAG 2.2
 * AA: 4.5:1 for text).
 */

/** The template's purple (light skins). */
export const BRAND_COLOR = '#6357e0';

export interface SkinColors {
  /** Page background (MUI `background.default`). */
  background: string;
  /** Raised surfaces: cards, menu, navbar (MUI `background.paper`). */
  paper: string;
  divider: string;
  /** Skeleton placeholders (MUI Skeleton: the text colour at 11 % light, 13 % dark). */
  placeholder: string;
}

export const LIGHT_COLORS: Readonly<SkinColors> = {
  background: '#f5f5f9',
  paper: '#ffffff',
  divider: 'rgba(0, 0, 0, 0.12)',
  placeholder: 'rgba(0, 0, 0, 0.11)',
};

export const DARK_COLORS: Readonly<SkinColors> = {
  background: '#161d31',
  paper: '#283046',
  divider: '#3b4253',
  placeholder: 'rgba(255, 255, 255, 0.13)',
};

/** Dark skin text and primary (primary lightened so text in it keeps 4.5:1 on dark surfaces). */
export const DARK_TEXT = { primary: '#d0d2d6', secondary: '#b4b7bd', brand: '#a39cff' } as const;

/**
 * Greyed (disabled) text per skin: the lightest grey that still has 4.5:1 contrast on the
 * skin's page background and surface (light: 4.77:1 on #f5f5f9; dark: 5.01:1 on #283046).
 */
export const DISABLED_TEXT = { light: '#6e6b7b', dark: '#9aa0b0' } as const;
