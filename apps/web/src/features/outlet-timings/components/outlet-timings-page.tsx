/**
 * Reporting → Outlet timings (/apps/reporting/outlet-timings; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#outlet-timings, docs/decisions/0037): per outlet the timings
 * text of its restaurant, the week read from it as a table (days × openings), a plain "a person
 * needs to fix them" state with the reason when the text could not be read, and — for outlets with
 * imported orders — the downtime log: scheduled stretches of 2 hours or more without an order, on
 * days that had orders.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TDowntime, TOutletTimings, TRecordedStatus, TTimingsInterval } from '@dinedesk/contracts/reporting';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOutletTimings } from '../api/outlet-timings.ts';

/** Weekday names and local dates in the user's language (0 = Monday, as the server counts). */
function useDayFormats() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const weekday = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    return {
      // 2024-01-01 was a Monday.
      weekday: (i: number) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i))),
      day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
      hours: (minutes: number) => number.format(minutes / 60),
    };
  }, [lang]);
}

function WeekTable({ outlet, week }: { outlet: TOutletTimings; week: TTimingsInterval[][] }) {
  const { t } = useTranslation('outlet-timings');
  const f = useDayFormats();
  const columns = Math.max(1, ...week.map((d) => d.length));
  const caption = t('week.caption', { outlet: outlet.outletName });
  const span = (i: TTimingsInterval) => (i.overnight ? t('week.overnight', { opens: i.opens, closes: i.closes }) : t('week.interval', { opens: i.opens, closes: i.closes }));
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
      <Table size="small" data-testid={`week-${outlet.outletId}`}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('week.day')}</TableCell>
            {Array.from({ length: columns }, (_, c) => (
              <TableCell key={c}>{t('week.opening', { n: c + 1 })}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {week.map((openings, d) => (
            <TableRow key={d}>
              <TableCell component="th" scope="row">
                {f.weekday(d)}
              </TableCell>
              {openings.length === 0 ? (
                <TableCell colSpan={columns}>{t('week.closed')}</TableCell>
              ) : (
                Array.from({ length: columns }, (_, c) => <TableCell key={c}>{openings[c] ? span(openings[c]) : ''}</TableCell>)
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function DowntimeLog({ outlet, status }: { outlet: TOutletTimings; status: TRecordedStatus }) {
  const { t } = useTranslation('outlet-timings');
  const f = useDayFormats();
  const at = (time: string, nextDay: boolean) => (nextDay ? t('downtime.nextDay', { time }) : time);
  const caption = t('downtime.caption', { outlet: outlet.outletName });
  return (
    <Box component="section" aria-labelledby={`downtime-${outlet.outletId}-title`} data-testid={`downtime-${outlet.outletId}`}>
      <Typography component="h3" variant="subtitle2" id={`downtime-${outlet.outletId}-title`} sx={{ fontWeight: 600 }}>
        {t('downtime.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('downtime.period', { from: f.day(status.from), to: f.day(status.to), days: status.daysWithOrders, orders: status.ordersInPeriod })}{' '}
        {t('downtime.summary', { quiet: f.hours(status.downtimeMinutes), scheduled: f.hours(status.scheduledMinutes) })}
      </Typography>
      <Alert severity="info" sx={{ mb: 1 }}>
        {t('downtime.meaning')}
      </Alert>
      {(status.openDaysWithoutOrders > 0 || status.ordersOutsideSchedule > 0) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`downtime-notes-${outlet.outletId}`}>
          {status.openDaysWithoutOrders > 0 && t('downtime.openDaysWithoutOrders', { count: status.openDaysWithoutOrders })}{' '}
          {status.ordersOutsideSchedule > 0 && t('downtime.outside', { count: status.ordersOutsideSchedule })}
        </Typography>
      )}
      {status.downtime.length === 0 ? (
        <Typography variant="body2">{t('downtime.none')}</Typography>
      ) : (
        <Box sx={{ position: 'relative', maxHeight: 320, overflow: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
          <Table size="small" stickyHeader aria-label={caption} data-testid={`downtime-table-${outlet.outletId}`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('downtime.day')}</TableCell>
                <TableCell>{t('downtime.from')}</TableCell>
                <TableCell>{t('downtime.to')}</TableCell>
                <TableCell align="right">{t('downtime.hours')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {status.downtime.map((d: TDowntime, k) => (
                <TableRow key={k}>
                  <TableCell component="th" scope="row">
                    {f.day(d.day)}
                  </TableCell>
                  <TableCell>{at(d.from, d.fromNextDay)}</TableCell>
                  <TableCell>{at(d.to, d.toNextDay)}</TableCell>
                  <TableCell align="right">{f.hours(d.minutes)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

function OutletCard({ outlet }: { outlet: TOutletTimings }) {
  const { t } = useTranslation('outlet-timings');
  const s = outlet.schedule;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={`outlet-${outlet.outletId}-title`} data-testid={`outlet-${outlet.outletId}`}>
      <Typography component="h2" variant="subtitle1" id={`outlet-${outlet.outletId}-title`} sx={{ fontWeight: 600 }}>
        {outlet.outletName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[outlet.brandName, outlet.city].filter(Boolean).join(' · ')}
      </Typography>
      <Stack spacing={2} sx={{ mt: 1.5 }}>
        {outlet.timings === null ? (
          <Alert severity="info" data-testid={`no-timings-${outlet.outletId}`}>
            {t('noTimings')}
          </Alert>
        ) : (
          <Typography variant="body2">
            {t('text')}{' '}
            <Box component="q" data-testid={`timings-${outlet.outletId}`} sx={{ fontStyle: 'italic' }}>
              {outlet.timings}
            </Box>
          </Typography>
        )}
        {s?.unparsed && (
          <Alert severity="warning" data-testid={`unparsed-${outlet.outletId}`}>
            <AlertTitle>{t('unparsed.title')}</AlertTitle>
            {t('unparsed.reason', { reason: s.reason })}
          </Alert>
        )}
        {s && !s.unparsed && <WeekTable outlet={outlet} week={s.week} />}
        {outlet.recordedStatus ? (
          <DowntimeLog outlet={outlet} status={outlet.recordedStatus} />
        ) : (
          s &&
          !s.unparsed && (
            <Typography variant="body2" color="text.secondary">
              {outlet.orders === 0 ? t('downtime.noOrders') : t('downtime.unavailable')}
            </Typography>
          )
        )}
      </Stack>
    </Paper>
  );
}

export function OutletTimingsPage() {
  const { t } = useTranslation('outlet-timings');
  const { t: appT } = useTranslation();
  const q = useOutletTimings();
  const list = q.data?.data ?? [];
  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {q.isPending ? (
        <ListSkeleton rows={2} rowHeight={160} label={appT('common.loading')} />
      ) : q.isError ? (
        <ListError error={q.error} onRetry={() => void q.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty title={t('empty')} testId="outlet-timings-empty" />
      ) : (
        <Stack spacing={2} data-testid="outlet-timings">
          {list.map((o) => (
            <OutletCard key={o.outletId} outlet={o} />
          ))}
          <Typography variant="caption" color="text.secondary">
            {t('source')}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

export default OutletTimingsPage;
