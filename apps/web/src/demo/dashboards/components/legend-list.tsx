/**
 * The figures of a card as a list beside or under its chart: a coloured dot (the series' colour
 * in the chart), the name, the figure, and optionally a signed change. The list is what screen
 * readers and those who do not tell colours apart read; the chart repeats it.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { srOnly } from '../../../components/sr-only.ts';
import { trendColor, useChartTheme, type ChartColor } from './chart-kit.tsx';

export interface LegendItem {
  key: string;
  name: string;
  value: string;
  color: ChartColor;
  /** A signed change as shown ("+2.9%"), as read out ("+2.9% on the period before"), and whether it is a rise. */
  change?: { text: string; label: string; up: boolean };
}

export function LegendList({ items, testId }: { items: readonly LegendItem[]; testId?: string }) {
  const colors = useChartTheme();
  return (
    <Box component="ul" data-testid={testId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((item) => (
        <Box component="li" key={item.key} data-key={item.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colors.color(item.color), flexShrink: 0 }} />
          <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }} noWrap>
            {item.name}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.value}
          </Typography>
          {item.change && (
            <Typography variant="body2" sx={(theme) => ({ minWidth: 56, textAlign: 'end', color: trendColor(theme, item.change?.up ?? true) })}>
              <span aria-hidden>{item.change.text}</span>
              <Box component="span" sx={srOnly}>
                {item.change.label}
              </Box>
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
