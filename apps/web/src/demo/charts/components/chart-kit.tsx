/**
 * What every chart of the showcase shares, after the product's recharts idioms
 * (features/reviews, demo dashboards): a card with a title, the series switches and a box of
 * fixed height holding a `ResponsiveContainer` (its `initialDimension` draws a first frame
 * before the box is measured, so jsdom renders too); colours, grid, axis text, legend and
 * tooltip from the MUI theme, so the light and dark skins both read well; animation only for
 * those who have not asked for reduced motion.
 *
 * Series switch on and off two ways: the toggle buttons above the chart (keyboard, with
 * `aria-pressed`) and a click on the series' legend entry.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useId, useMemo, useState, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveContainer } from 'recharts';

/** A series of a chart: its data key, its (translated) name and its colour. */
export interface Series<K extends string = string> {
  key: K;
  label: string;
  color: string;
}

/** Which series are hidden, and how to switch one. */
export interface SeriesVisibility<K extends string> {
  hidden: ReadonlySet<K>;
  isHidden(key: K): boolean;
  toggle(key: K): void;
}

/** Keeps the hidden series of one chart. */
export function useSeriesVisibility<K extends string>(): SeriesVisibility<K> {
  const [hidden, setHidden] = useState<ReadonlySet<K>>(() => new Set());
  const toggle = useCallback((key: K) => {
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  return useMemo(() => ({ hidden, isHidden: (key: K) => hidden.has(key), toggle }), [hidden, toggle]);
}

/** The legend's click: switches the series whose name was clicked. */
export function legendToggle<K extends string>(series: readonly Series<K>[], visibility: SeriesVisibility<K>) {
  return (entry: { value?: unknown }) => {
    const clicked = series.find((item) => item.label === entry.value);
    if (clicked) visibility.toggle(clicked.key);
  };
}

/** Chart colours and text of the current skin. */
export interface ChartStyle {
  /** Series colours in order: primary, success, warning, info, error. */
  palette: readonly string[];
  grid: string;
  axisTick: { fontSize: number; fill: string };
  legend: CSSProperties;
  /** Colour of a switched-off series in the legend. */
  inactive: string;
  tooltip: { contentStyle: CSSProperties; labelStyle: CSSProperties; itemStyle: CSSProperties };
  /** `color` faded (area fills). */
  faded(color: string, opacity?: number): string;
  /** Whether charts may animate: not when the system asks for reduced motion. */
  animate: boolean;
}

/** {@link ChartStyle} of the theme in context. */
export function useChartStyle(): ChartStyle {
  const theme = useTheme();
  const animate = !useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const { palette } = theme;
  return {
    palette: [palette.primary.main, palette.success.main, palette.warning.main, palette.info.main, palette.error.main],
    grid: palette.divider,
    axisTick: { fontSize: 12, fill: palette.text.secondary },
    legend: { color: palette.text.primary, fontSize: 13, cursor: 'pointer' },
    inactive: palette.text.disabled,
    tooltip: {
      contentStyle: { backgroundColor: palette.background.paper, border: `1px solid ${palette.divider}`, borderRadius: theme.shape.borderRadius, color: palette.text.primary },
      labelStyle: { color: palette.text.secondary },
      itemStyle: { color: palette.text.primary },
    },
    faded: (color, opacity = 0.3) => alpha(color, opacity),
    animate,
  };
}

export interface ChartCardProps<K extends string> {
  /** `line`, `bar`, …: the card's test id is `chart-card-<kind>`, the chart's `chart-<kind>`. */
  kind: string;
  title: string;
  subtitle: string;
  /** The chart in words, with its figures (the accessible name of the image). */
  description: string;
  series: readonly Series<K>[];
  visibility: SeriesVisibility<K>;
  height?: number;
  children: ReactElement;
}

/** A titled chart card with its series switches and a chart of fixed height. */
export function ChartCard<K extends string>({ kind, title, subtitle, description, series, visibility, height = 300, children }: ChartCardProps<K>) {
  const { t } = useTranslation('demo-charts');
  const titleId = useId();
  const shown = series.filter((item) => !visibility.isHidden(item.key)).map((item) => item.key);
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={`chart-card-${kind}`} sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, height: '100%' }}>
      <div>
        <Typography id={titleId} component="h2" variant="h6">{title}</Typography>
        <Typography variant="body2" color="text.secondary">{subtitle}</Typography>
      </div>
      <ToggleButtonGroup
        size="small"
        value={shown}
        onChange={(_event, next: K[]) => {
          const changed = series.find((item) => next.includes(item.key) === visibility.isHidden(item.key));
          if (changed) visibility.toggle(changed.key);
        }}
        aria-label={t('seriesSwitches', { chart: title })}
        sx={{ flexWrap: 'wrap' }}
      >
        {series.map((item) => (
          <ToggleButton key={item.key} value={item.key} data-testid={`series-toggle-${item.key}`} sx={{ gap: 1, textTransform: 'none', py: 0.25 }}>
            <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: visibility.isHidden(item.key) ? 'action.disabled' : item.color }} />
            {item.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box role="img" aria-label={description} data-testid={`chart-${kind}`} data-hidden-series={[...visibility.hidden].join(' ')} sx={{ height, width: '100%', minWidth: 0 }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height }}>
          {children}
        </ResponsiveContainer>
      </Box>
    </Card>
  );
}
