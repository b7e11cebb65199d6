/**
 * The round charts of the analytics cards: a gauge (a percentage on a 240° arc, its figure in
 * the middle) and a donut (shares of a whole, an optional figure in the middle). The figure in
 * the middle is HTML over the chart, so it takes the theme's type and colours.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Cell, Pie, PieChart, PolarAngleAxis, RadialBar, RadialBarChart, Tooltip } from 'recharts';
import { ChartBox, useChartAnimation, useChartTheme, type ChartColor } from './chart-kit.tsx';

/** A figure centred over a chart. */
function Centre({ value, caption }: { value: string; caption?: string | undefined }) {
  return (
    <Box aria-hidden sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
      <Typography component="span" variant="h5" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {value}
      </Typography>
      {caption && (
        <Typography component="span" variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Box>
  );
}

export interface GaugeProps {
  /** 0–100. */
  percent: number;
  /** The percentage as shown in the middle. */
  text: string;
  caption?: string;
  color: ChartColor;
  label: string;
  height: number;
  testId?: string;
}

/** A percentage on an arc. */
export function Gauge({ percent, text, caption, color, label, height, testId }: GaugeProps) {
  const colors = useChartTheme();
  const animate = useChartAnimation();
  return (
    <Box sx={{ position: 'relative' }}>
      <ChartBox label={label} height={height} testId={testId}>
        <RadialBarChart data={[{ value: Math.max(0, Math.min(100, percent)) }]} startAngle={210} endAngle={-30} innerRadius="78%" outerRadius="100%" barSize={14}>
          <PolarAngleAxis type="number" domain={[0, 100]} tick={false} axisLine={false} />
          <RadialBar dataKey="value" fill={colors.color(color)} background={{ fill: colors.faded(color) }} cornerRadius={8} isAnimationActive={animate} />
        </RadialBarChart>
      </ChartBox>
      <Centre value={text} caption={caption} />
    </Box>
  );
}

export interface DonutSlice {
  name: string;
  value: number;
  color: ChartColor;
}

export interface DonutProps {
  slices: readonly DonutSlice[];
  /** The figure in the middle, if any. */
  centre?: { value: string; caption?: string };
  /** How a slice's value reads in the tooltip. */
  format: (value: number) => string;
  label: string;
  height: number;
  testId?: string;
}

/** Shares of a whole as a ring. */
export function Donut({ slices, centre, format, label, height, testId }: DonutProps) {
  const colors = useChartTheme();
  const animate = useChartAnimation();
  return (
    <Box sx={{ position: 'relative' }}>
      <ChartBox label={label} height={height} testId={testId}>
        <PieChart>
          <Tooltip formatter={(value, name) => [format(Number(value)), name]} {...colors.tooltip} />
          <Pie data={[...slices]} dataKey="value" nameKey="name" innerRadius="68%" outerRadius="92%" paddingAngle={2} stroke="none" isAnimationActive={animate}>
            {slices.map((slice) => (
              <Cell key={slice.name} fill={colors.color(slice.color)} />
            ))}
          </Pie>
        </PieChart>
      </ChartBox>
      {centre && <Centre value={centre.value} caption={centre.caption} />}
    </Box>
  );
}
