/**
 * FullCalendar's classic theme in the app's palette: its CSS variables (themes/classic/
 * palette.css) set from the MUI theme, so the calendar follows the light and dark skins and
 * never shows hard-coded colours. Set on `html:root` while the calendar is mounted (its
 * "more events" popover is portalled outside the calendar), one specificity step above the
 * package's `:root` rules.
 */
import { alpha, type Theme } from '@mui/material/styles';
import type { CSSObject } from '@emotion/react';

/** The global styles of a mounted calendar in `theme`. */
export function fullCalendarVariables(theme: Theme): CSSObject {
  const { palette } = theme;
  return {
    'html:root': {
      '--fc-classic-button': palette.primary.main,
      '--fc-classic-button-border': palette.primary.main,
      '--fc-classic-button-strong': palette.primary.dark,
      '--fc-classic-button-strong-border': palette.primary.dark,
      '--fc-classic-button-outline': alpha(palette.primary.main, 0.5),
      '--fc-classic-button-foreground': palette.primary.contrastText,
      '--fc-classic-primary': palette.primary.main,
      '--fc-classic-primary-foreground': palette.primary.contrastText,
      '--fc-classic-highlight': alpha(palette.primary.main, 0.12),
      '--fc-classic-today': alpha(palette.primary.main, 0.07),
      '--fc-classic-now': palette.error.main,
      '--fc-classic-background-event': palette.success.main,
      '--fc-classic-background': palette.background.paper,
      '--fc-classic-faint': palette.action.hover,
      '--fc-classic-muted': palette.action.selected,
      '--fc-classic-strong': palette.action.focus,
      '--fc-classic-foreground': palette.text.primary,
      '--fc-classic-faint-foreground': palette.text.disabled,
      '--fc-classic-muted-foreground': palette.text.secondary,
      '--fc-classic-border': palette.divider,
      '--fc-classic-strong-border': palette.text.disabled,
    },
  };
}
