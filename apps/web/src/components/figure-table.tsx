/**
 * The accessible view beside every chart: the same figures as a table with a
 * caption, in a scroll box so a long one never pushes the page sideways; and the titled panel of a
 * chart with its table. Shared by the Business Overview screens and Ads pro.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export function FigureTable({ caption, head, rows, testId, maxHeight = 280 }: { caption: string; head: string[]; rows: ReactNode[][]; testId?: string; maxHeight?: number }) {
  return (
    <Box sx={{ position: 'relative', maxHeight, overflow: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Table size="small" stickyHeader aria-label={caption} data-testid={testId}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <TableCell key={j} component="th" scope="row">
                    {c}
                  </TableCell>
                ) : (
                  <TableCell key={j} align="right">
                    {c}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * A titled panel of one chart and its table side by side from the `sideBySide` breakpoint (`lg`;
 * `xl` for a table too wide to sit beside the chart earlier), stacked below it.
 */
export function ChartPanel({ id, title, chart, table, note, sideBySide = 'lg' }: { id: string; title: string; chart: ReactNode; table: ReactNode; note?: ReactNode; sideBySide?: 'lg' | 'xl' }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Box component="h2" id={`${id}-title`} sx={{ typography: 'subtitle1', fontWeight: 600, m: 0, mb: 1 }}>
        {title}
      </Box>
      {note}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', [sideBySide]: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>{chart}</Box>
        <Box sx={{ minWidth: 0 }}>{table}</Box>
      </Box>
    </Box>
  );
}
