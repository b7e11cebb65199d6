/**
 * `/tables/reactstrap`, "Basic tables" ("tables: basic"): the template's plain table
 * variants drawn with MUI's `Table`: simple, striped, dense, a sticky header in a scrolling box,
 * and a captioned one. Sample outlet days and the menu; colours come from the theme, so the
 * light and dark skins both read well.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { MENU, OUTLET_DAYS } from '../data.ts';
import { useTableFormats } from '../format.ts';

function TableCard({ title, subtitle, testId, children }: { title: string; subtitle: string; testId: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} subheader={subtitle} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

/** The outlets' day as a table; `striped` shades every other row. */
function OutletTable({ label, striped = false, size, caption }: { label: string; striped?: boolean; size?: TableProps['size']; caption?: string }) {
  const { t } = useTranslation('demo-tables');
  const format = useTableFormats();
  const totals = OUTLET_DAYS.reduce((sum, day) => ({ covers: sum.covers + day.covers, revenue: sum.revenue + day.revenue }), { covers: 0, revenue: 0 });
  return (
    <TableContainer>
      <Table
        size={size}
        aria-label={label}
        sx={striped ? { '& tbody tr:nth-of-type(odd)': { backgroundColor: 'action.hover' } } : undefined}
      >
        {caption && <caption>{caption}</caption>}
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{t('columns.outlet')}</TableCell>
            <TableCell component="th" scope="col" align="right">{t('columns.covers')}</TableCell>
            <TableCell component="th" scope="col" align="right">{t('columns.orders')}</TableCell>
            <TableCell component="th" scope="col" align="right">{t('columns.revenue')}</TableCell>
            <TableCell component="th" scope="col" align="right">{t('columns.rating')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {OUTLET_DAYS.map((day) => (
            <TableRow key={day.outlet} hover>
              <TableCell component="th" scope="row">{day.outlet}</TableCell>
              <TableCell align="right">{format.count(day.covers)}</TableCell>
              <TableCell align="right">{format.count(day.orders)}</TableCell>
              <TableCell align="right">{format.money(day.revenue)}</TableCell>
              <TableCell align="right">{format.rating(day.rating)}</TableCell>
            </TableRow>
          ))}
          {caption && (
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>{t('basic.total')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>{format.count(totals.covers)}</TableCell>
              <TableCell />
              <TableCell align="right" sx={{ fontWeight: 600 }}>{format.money(totals.revenue)}</TableCell>
              <TableCell />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The menu in a box of fixed height whose header stays put while the body scrolls. */
function MenuTable({ label }: { label: string }) {
  const { t } = useTranslation('demo-tables');
  const format = useTableFormats();
  return (
    // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight: 320, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } }}>
      <Table stickyHeader size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{t('columns.item')}</TableCell>
            <TableCell component="th" scope="col">{t('columns.category')}</TableCell>
            <TableCell component="th" scope="col" align="right">{t('columns.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {MENU.map((dish) => (
            <TableRow key={dish.item} hover>
              <TableCell component="th" scope="row">{dish.item}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={t(`categories.${dish.category}`)} />
              </TableCell>
              <TableCell align="right">{format.money(dish.price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The basic tables page (see the module comment). */
export function BasicTablesPage() {
  const { t } = useTranslation(['demo', 'demo-tables']);
  const title = t('demo:pages.basicTables');
  useDocumentTitle(title);
  return (
    <Stack spacing={3} data-testid="basic-tables">
      <div>
        <Typography component="h1" variant="h4">{title}</Typography>
        <Typography color="text.secondary">{t('demo-tables:basic.intro')}</Typography>
      </div>
      <TableCard testId="table-simple" title={t('demo-tables:basic.simple.title')} subtitle={t('demo-tables:basic.simple.subtitle')}>
        <OutletTable label={t('demo-tables:basic.simple.title')} />
      </TableCard>
      <TableCard testId="table-striped" title={t('demo-tables:basic.striped.title')} subtitle={t('demo-tables:basic.striped.subtitle')}>
        <OutletTable label={t('demo-tables:basic.striped.title')} striped />
      </TableCard>
      <TableCard testId="table-dense" title={t('demo-tables:basic.dense.title')} subtitle={t('demo-tables:basic.dense.subtitle')}>
        <OutletTable label={t('demo-tables:basic.dense.title')} size="small" />
      </TableCard>
      <TableCard testId="table-sticky" title={t('demo-tables:basic.sticky.title')} subtitle={t('demo-tables:basic.sticky.subtitle')}>
        <MenuTable label={t('demo-tables:basic.sticky.title')} />
      </TableCard>
      <TableCard testId="table-caption" title={t('demo-tables:basic.caption.title')} subtitle={t('demo-tables:basic.caption.subtitle')}>
        <OutletTable label={t('demo-tables:basic.caption.title')} caption={t('demo-tables:basic.caption.text')} />
      </TableCard>
    </Stack>
  );
}
