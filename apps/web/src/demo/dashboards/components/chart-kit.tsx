/**
 * What every dashboard chart shares, the product's recharts idioms (features/reviews,
 * features/competitors): a box of fixed height (nothing moves once drawn) holding a
 * `ResponsiveContainer`, named for screen readers as one image (`role="img"` with a label that
 * states the figures; each card also prints them as text); colours, grid, axis text and tooltip
 * from the MUI theme, so the light and dark skins both read well; animation only for those who
 * have not asked their system for reduced motion.
 */
import Box from '@mui/material/Box';
import { alpha, lighten, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CSSProperties, ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/** The palette keys a card's series may take. */
export type ChartColor = 'primary' | 'success' | 'warning' | 'error' | 'info';

export interface ChartBoxProps {
  /** What the chart shows, with its figures (the accessible name of the image). */
  label: string;
  /** Height in px. */
  height: number;
  testId?: string;
  children: ReactElement;
}

/** A chart of fixed height, one image for assistive technology. */
export function ChartBox({ label, height, testId, children }: ChartBoxProps) {
  return (
    <Box role="img" aria-label={label} data-testid={testId} sx={{ height, width: '100%', minWidth: 0 }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

/** Whether charts may animate: not when the system asks for reduced motion. */
export function useChartAnimation(): boolean {
  return !useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
}

export interface ChartTheme {
  color(key: ChartColor): string;
  /** `key`'s colour, faded (area fills, the track of a gauge). */
  faded(key: ChartColor, opacity?: number): string;
  grid: string;
  axisTick: { fontSize: number; fill: string };
  tooltip: { contentStyle: CSSProperties; labelStyle: CSSProperties; itemStyle: CSSProperties };
}

/** Chart colours and text of the current skin. */
export function chartTheme(theme: Theme): ChartTheme {
  const color = (key: ChartColor) => theme.palette[key].main;
  return {
    color,
    faded: (key, opacity = 0.16) => alpha(color(key), opacity),
    grid: theme.palette.divider,
    axisTick: { fontSize: 12, fill: theme.palette.text.secondary },
    tooltip: {
      contentStyle: { backgroundColor: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}`, borderRadius: theme.shape.borderRadius, color: theme.palette.text.primary },
      labelStyle: { color: theme.palette.text.secondary },
      itemStyle: { color: theme.palette.text.primary },
    },
  };
}

/**
 * Text colour of a rise (green) or a fall (red) with at least 4.5:1 on the cards of the skin:
 * the palette's main colours do on the light skin; on the dark one MUI's red does not (3.6:1),
 * so both are lightened there.
 */
export function trendColor(theme: Theme, up: boolean): string {
  const dark = theme.palette.mode === 'dark';
  if (up) return dark ? theme.palette.success.light : theme.palette.success.main;
  return dark ? lighten(theme.palette.error.main, 0.4) : theme.palette.error.main;
}

/** {@link chartTheme} of the theme in context. */
export function useChartTheme(): ChartTheme {
  return chartTheme(useTheme());
}
