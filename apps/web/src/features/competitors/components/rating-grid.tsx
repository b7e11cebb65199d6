/**
 * Rating against review volume ("rating vs review volume grid"): a recharts scatter
 * chart with the outlet (from DineDesk's own reviews) among its competitors (their public Places
 * rating and count), the outlet drawn larger in the primary colour; and the same figures in a
 * table under it, the accessible view of the chart.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TGridPoint } from '@dinedesk/contracts/competitors';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from './series-colors.ts';

/** Chart height, px (fixed: nothing under it moves once drawn). */
export const GRID_CHART_HEIGHT = 280;

export function RatingGrid({ points }: { points: TGridPoint[] }) {
  const { t, i18n } = useTranslation('competitors');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const number = new Intl.NumberFormat(i18n.language);
  const rating = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const rated = points.filter((p) => p.rating !== null);
  let competitorIndex = 0;
  return (
    <Box component="section" aria-labelledby="competitor-grid-title" data-testid="competitor-grid" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="competitor-grid-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('grid.title')}
      </Typography>
      <Box sx={{ height: GRID_CHART_HEIGHT }} role="img" aria-label={t('grid.chartLabel', { count: rated.length })}>
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
            <XAxis type="number" dataKey="reviewCount" name={t('grid.reviews')} tick={{ fontSize: 12 }} tickFormatter={(v: number) => number.format(v)} />
            <YAxis type="number" dataKey="rating" name={t('grid.rating')} domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 12 }} width={32} />
            <Tooltip cursor={{ strokeDasharray: '3 3' }} />
            <Legend />
            {rated.map((p) => {
              const color = seriesColor(theme, p.isOutlet, p.isOutlet ? 0 : competitorIndex++);
              return <Scatter key={p.key} name={p.isOutlet ? `${p.name} (${t('grid.you')})` : p.name} data={[p]} fill={color} shape={p.isOutlet ? 'star' : 'circle'} legendType={p.isOutlet ? 'star' : 'circle'} isAnimationActive={false} />;
            })}
          </ScatterChart>
        </ResponsiveContainer>
      </Box>
      <Table size="small" aria-label={t('grid.tableLabel')} data-testid="competitor-grid-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('grid.name')}</TableCell>
            <TableCell align="right">{t('grid.rating')}</TableCell>
            <TableCell align="right">{t('grid.reviews')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {points.map((p) => (
            <TableRow key={p.key} data-key={p.key} selected={p.isOutlet}>
              <TableCell component="th" scope="row" sx={p.isOutlet ? { fontWeight: 700 } : undefined}>
                {p.name}
                {p.isOutlet && ` (${t('grid.you')})`}
              </TableCell>
              <TableCell align="right">{p.rating === null ? appT('common.none') : rating.format(p.rating)}</TableCell>
              <TableCell align="right">{number.format(p.reviewCount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
