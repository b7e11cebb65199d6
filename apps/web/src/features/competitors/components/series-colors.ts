/**
 * Colours of the outlet and its competitors in every chart: the outlet always in the theme's
 * primary colour (so it stands out), the competitors in the order they were added, from a
 * palette distinct from it. The tables beside the charts carry the same figures for those who
 * do not see colour.
 */
import type { Theme } from '@mui/material/styles';

export function seriesColor(theme: Theme, isOutlet: boolean, index: number): string {
  if (isOutlet) return theme.palette.primary.main;
  const palette = [theme.palette.warning.main, theme.palette.success.main, theme.palette.info.main, theme.palette.error.main, theme.palette.secondary.main];
  return palette[index % palette.length]!;
}
