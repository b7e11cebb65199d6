/**
 * MUI themes of the app, one per skin and direction (docs/requirements/data.md skins: light,
 * bordered, dark, semi-dark; left-to-right or right-to-left), in the template's purple.
 *
 * - light: the docs/requirements/data.md default.
 * - bordered: light, with borders instead of shadows on raised surfaces.
 * - dark: dark palette; primary is lightened so text in it keeps WCAG AA contrast on the dark
 *   surfaces, and filled buttons take dark text for the same reason.
 * - semi-dark: light content with a dark menu; the menu asks for {@link createAppTheme} with
 *   `skin: 'dark'` (layout/vertical-menu.tsx), the rest uses the light theme.
 *
 * Accessibility (WCAG 2.2 AA, checked by theme-contrast.test.ts):
 * - `text.disabled` is the colour of greyed entries (disabled menu groups and items). MUI
 *   greys them with opacity 0.38, which leaves ~2:1 contrast; here they keep full opacity in a
 *   grey of at least 4.5:1 on both surfaces, so they read as muted and stay legible.
 * - Keyboard focus shows a 2 px ring in {@link focusRingColor} (`:focus-visible`): MUI's own
 *   focus cue on buttons is a faint ripple.
 * - The page always keeps room for the scrollbar (`scrollbar-gutter: stable`), so a list that
 *   grows taller than the window does not narrow the page and move everything (CLS).
 * - The indeterminate progress bar slides with `transform` instead of MUI's `left`/`right`: those
 *   move the bar's box every frame, and the browser counts each frame as a layout shift (tiny,
 *   but a slow load adds up hundreds of them).
 *
 * The ripple animation runs for {@link RIPPLE_TIMEOUT_MS} (docs/requirements/constants.md): MUI
 * exposes no prop for TouchRipple's duration, only its styles, so the theme overrides the two
 * animation durations. (MUI's internal unmount timer stays at its own 550 ms; the ripple is
 * invisible by then.)
 */
import { keyframes, type CSSObject } from '@emotion/react';
import { touchRippleClasses } from '@mui/material/ButtonBase';
import { createTheme, type Theme } from '@mui/material/styles';
import { RIPPLE_TIMEOUT_MS } from './constants.ts';
import { LAYOUT_DEFAULTS, type Direction, type Skin } from './layout-settings.ts';
import { BRAND_COLOR, DARK_COLORS, DARK_TEXT, DISABLED_TEXT, LIGHT_COLORS } from './theme-colors.ts';

declare module '@mui/material/styles' {
  // TouchRipple reads `theme.components.MuiTouchRipple` at runtime (it is styled with
  // `name: 'MuiTouchRipple'`), but MUI leaves it out of the types as an internal component.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- must repeat MUI's type parameter
  interface Components<Theme = unknown> {
    MuiTouchRipple?: { styleOverrides?: { root?: CSSObject; ripple?: CSSObject } };
  }
}

export { DISABLED_TEXT } from './theme-colors.ts';

/**
 * MUI's indeterminate bar keyframes (LinearProgress.js: `left`/`right` from -35 %/100 % to
 * 100 %/-90 %, and -200 %/100 % to 107 %/-8 %) as the same boxes drawn by `transform` on a
 * full-width bar scaled from its left edge.
 */
const slide1 = keyframes({
  '0%': { transform: 'translateX(-35%) scaleX(0.35)' },
  '60%, 100%': { transform: 'translateX(100%) scaleX(0.9)' },
});
const slide2 = keyframes({
  '0%': { transform: 'translateX(-200%) scaleX(2)' },
  '60%, 100%': { transform: 'translateX(107%) scaleX(0.01)' },
});
const indeterminateBar = {
  left: 0,
  right: 0,
  transformOrigin: 'left',
  // As MUI does for reduced motion: a still 40 % bar in the middle.
  '@media (prefers-reduced-motion: reduce)': { animation: 'none', transform: 'translateX(30%) scaleX(0.4)' },
} as const;

/** The focus ring colour of a theme: its primary colour (≥ 3:1 on its surfaces, WCAG 1.4.11). */
export function focusRingColor(theme: Theme): string {
  return theme.palette.primary.main;
}

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
          primary: { main: DARK_TEXT.brand, contrastText: DARK_COLORS.background },
          background: { default: DARK_COLORS.background, paper: DARK_COLORS.paper },
          text: { primary: DARK_TEXT.primary, secondary: DARK_TEXT.secondary, disabled: DISABLED_TEXT.dark },
          divider: DARK_COLORS.divider,
        }
      : {
          mode: 'light',
          primary: { main: BRAND_COLOR },
          background: { default: LIGHT_COLORS.background, paper: LIGHT_COLORS.paper },
          text: { disabled: DISABLED_TEXT.light },
        },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: (theme) => ({
          html: { scrollbarGutter: 'stable' },
          // Elements a user tabs to; `tabindex="-1"` targets (the main region after "skip to
          // content", a panel's heading) are focused by the app and need no ring. MUI's
          // ButtonBase resets `outline` with one class, so its rule needs two to win.
          'a, [tabindex]:not([tabindex="-1"]), summary': {
            '&:focus-visible': { outline: `2px solid ${focusRingColor(theme)}`, outlineOffset: 2 },
          },
          '.MuiButtonBase-root.Mui-focusVisible': {
            outline: `2px solid ${focusRingColor(theme)}`,
            outlineOffset: 2,
          },
        }),
      },
      MuiLinearProgress: {
        styleOverrides: {
          bar1: ({ ownerState }) =>
            ownerState.variant === 'indeterminate'
              ? { ...indeterminateBar, animation: `${slide1} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite` }
              : {},
          bar2: ({ ownerState }) =>
            ownerState.variant === 'indeterminate'
              ? { ...indeterminateBar, animation: `${slide2} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite` }
              : {},
        },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // Greyed entries in `text.disabled` at full opacity (module doc).
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({ [`&.Mui-disabled`]: { opacity: 1, color: theme.palette.text.disabled } }),
        },
      },
      MuiMenuItem: {
        styleOverrides: {
          root: ({ theme }) => ({ [`&.Mui-disabled`]: { opacity: 1, color: theme.palette.text.disabled } }),
        },
      },
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

/** The default theme (docs/requirements/data.md: light, left-to-right); tests and fallbacks use
 * it. */
export const theme = createAppTheme(LAYOUT_DEFAULTS);
