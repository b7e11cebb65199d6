/**
 * The Overview's table by outlet (docs/decisions/0040): a row per outlet with the
 * figures of the cards, each a link to the screen behind it filtered to that outlet. Its own
 * chunk, loaded after the cards: MUI's Table parts are not the first screen's first paint.
 */
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TOverview, TOverviewOutlet } from '@dinedesk/contracts/overview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format.ts';
import { overviewLinks } from '../links.ts';
import { money } from '../format.ts';

/** A table cell holding a figure that links to its screen. */
function LinkCell({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <TableCell align="right">
      <Link component={RouterLink} to={to} underline="hover" data-testid={testId}>
        {children}
      </Link>
    </TableCell>
  );
}

export default function OutletTable({ data }: { data: TOverview }) {
  const { t, i18n } = useTranslation('overview');
  const lang = i18n.language;
  const n = (x: number) => formatNumber(x, lang);
  const show = {
    reviews: data.totals.reviews !== null,
    conversations: data.totals.conversations !== null,
    complaints: data.totals.complaints !== null,
    tickets: data.totals.tickets !== null,
    orders: data.outlets.some((o) => o.orders),
  };
  const none = <TableCell align="right">—</TableCell>;
  const row = (o: TOverviewOutlet) => (
    <TableRow key={o.outletId} data-testid={`outlet-row-${o.outletId}`}>
      <TableCell component="th" scope="row">
        <Typography variant="body2">{o.outletName}</Typography>
        <Typography variant="caption" color="text.secondary">
          {o.brandName}
        </Typography>
      </TableCell>
      {show.reviews &&
        (o.reviews ? (
          <>
            <LinkCell to={overviewLinks.newReviews(data.period, o.outletId)}>{o.reviews.current.averageRating === null ? '—' : formatNumber(o.reviews.current.averageRating, lang, 2)}</LinkCell>
            <LinkCell to={overviewLinks.newReviews(data.period, o.outletId)} testId={`outlet-new-reviews-${o.outletId}`}>
              {n(o.reviews.current.reviewCount)}
            </LinkCell>
            <LinkCell to={overviewLinks.waitingReviews(o.outletId)} testId={`outlet-waiting-reviews-${o.outletId}`}>
              {n(o.reviews.waiting)}
            </LinkCell>
          </>
        ) : (
          <>
            {none}
            {none}
            {none}
          </>
        ))}
      {show.conversations && <TableCell align="right">{o.conversations ? n(o.conversations.waiting) : '—'}</TableCell>}
      {show.complaints && (o.complaints ? <LinkCell to={overviewLinks.complaints('open', o.outletId)}>{n(o.complaints.open)}</LinkCell> : none)}
      {show.tickets &&
        (o.tickets ? (
          <LinkCell to={o.tickets.overdue > 0 ? overviewLinks.overdueTickets(o.outletId) : overviewLinks.dueSoonTickets(o.outletId)}>
            {t('table.ticketsCell', { overdue: n(o.tickets.overdue), dueSoon: n(o.tickets.dueSoon) })}
          </LinkCell>
        ) : (
          none
        ))}
      {show.orders &&
        (o.orders ? (
          <>
            <LinkCell to={overviewLinks.orders(data.period, o.outletId)} testId={`outlet-orders-${o.outletId}`}>
              {n(o.orders.current.orders)}
            </LinkCell>
            <LinkCell to={overviewLinks.orders(data.period, o.outletId)}>{money(o.orders.current.salesMinor, o.orders.currency, lang)}</LinkCell>
          </>
        ) : (
          <>
            <TableCell align="right" colSpan={2}>
              <Typography variant="caption" color="text.secondary">
                {t('table.noOrders')}
              </Typography>
            </TableCell>
          </>
        ))}
    </TableRow>
  );
  return (
    <TableContainer sx={{ position: 'relative' }}>
      <Table size="small" data-testid="overview-outlets">
        <TableHead>
          <TableRow>
            <TableCell>{t('table.outlet')}</TableCell>
            {show.reviews && (
              <>
                <TableCell align="right">{t('figures.rating')}</TableCell>
                <TableCell align="right">{t('figures.newReviews')}</TableCell>
                <TableCell align="right">{t('figures.waitingReviews')}</TableCell>
              </>
            )}
            {show.conversations && <TableCell align="right">{t('figures.waitingConversations')}</TableCell>}
            {show.complaints && <TableCell align="right">{t('figures.openComplaints')}</TableCell>}
            {show.tickets && <TableCell align="right">{t('table.tickets')}</TableCell>}
            {show.orders && (
              <>
                <TableCell align="right">{t('figures.orders')}</TableCell>
                <TableCell align="right">{t('figures.sales')}</TableCell>
              </>
            )}
          </TableRow>
        </TableHead>
        <TableBody>{data.outlets.map(row)}</TableBody>
      </Table>
    </TableContainer>
  );
}

