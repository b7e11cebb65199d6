/**
 * MUI themes of the app, one per skin and direction (spec §3 skins: light, bordered, dark,
 * semi-dark; left-to-right or right-to-left), in the template's purple.
 *
 * - light: the spec §3 default.
 * - bordered: light, with borders instead of shadows on raised surfaces.
 * - dark: dark palette; primary is lightened so text in it keeps WCAG AA contrast on the dark
 *   surfaces, and filled buttons take dark text for the same reason.
 * - semi-dark: light content with a dark menu; the menu asks for {@link createAppTheme} with
 *   `skin: 'dark'` (layout/vertical-menu.tsx), the rest uses the light theme.
 *
 * The ripple animation runs for {@link RIPPLE_TIMEOUT_MS} (spec §9): MUI exposes no prop for
 * TouchRipple's duration, only its styles, so the theme overrides the two animation durations.
 * (MUI's internal unmount timer stays at its own 550 ms; the ripple is invisible by then.)
 */
import type { CSSObject } from '@emotion/react';
import { touchRippleClasses } from '@mui/material/ButtonBase';
import { createTheme, type Theme } from '@mui/material/styles';
import { RIPPLE_TIMEOUT_MS } from './constants.ts';
import { LAYOUT_DEFAULTS, type Direction, type Skin } from './layout-settings.ts';

declare module '@mui/material/styles' {
  // TouchRipple reads `theme.components.MuiTouchRipple` at runtime (it is styled with
  // `name: 'MuiTouchRipple'`), but MUI leaves it out of the types as an internal component.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- must repeat MUI's type parameter
  interface Components<Theme = unknown> {
    MuiTouchRipple?: { styleOverrides?: { root?: CSSObject; ripple?: CSSObject } };
  }
}

/** The template's purple (light skins). */
export const BRAND_COLOR = '#6357e0';

export interface ThemeSettings {
  skin: Skin;
  direction: Direction;
}

const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Builds the theme of a skin and direction. Cheap enough per change; callers memoise it. */
export function createAppTheme({ skin, direction }: ThemeSettings): Theme {
  const dark = skin === 'dark';
  const bordered = skin === 'bordered';
  const ripple = `${RIPPLE_TIMEOUT_MS}ms`;
  return createTheme({
    direction,
    palette: dark
      ? {
          mode: 'dark',
          primary: { main: '#a39cff', contrastText: '#161d31' },
          background: { default: '#161d31', paper: '#283046' },
          text: { primary: '#d0d2d6', secondary: '#b4b7bd' },
          divider: '#3b4253',
        }
      : {
          mode: 'light',
          primary: { main: BRAND_COLOR },
          background: { default: '#f5f5f9', paper: '#ffffff' },
        },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiPaper: {
        styleOverrides: {
          root: ({ ownerState, theme }) => ({
            // MUI lightens raised dark surfaces with a gradient; the skin's colours are flat.
            ...(dark ? { backgroundImage: 'none' } : {}),
            ...(bordered && ownerState.variant !== 'outlined' && (ownerState.elevation ?? 1) > 0
              ? { boxShadow: 'none', border: `1px solid ${theme.palette.divider}` }
              : {}),
          }),
        },
      },
      MuiTouchRipple: {
        styleOverrides: {
          ripple: {
            [`&.${touchRippleClasses.rippleVisible}`]: { animationDuration: ripple },
            [`& .${touchRippleClasses.childLeaving}`]: { animationDuration: ripple },
          },
        },
      },
    },
  });
}

/** The default theme (spec §3: light, left-to-right); tests and fallbacks use it. */
export const theme = createAppTheme(LAYOUT_DEFAULTS);
