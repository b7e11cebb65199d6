/**
 * Reporting → Data tracker (/apps/reporting/data-tracker; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#data-tracker, docs/decisions/0041): per outlet a table of
 * its four sources (Facebook, Google, Instagram, orders) with where each stands: status and the
 * last failure in plain words, the last successful sync and the next one, the token's health with a
 * way to reconnect, the new rows of each of the last 7 days, the newest background job, and "Sync
 * now" for the roles that may. Polls every 3 s while a job is under way, so a sync started here is
 * seen to land.
 */
import { useAbility } from '@casl/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import type { TDataSource, TDataTrackerJob, TDataTrackerRow, TSyncState } from '@dinedesk/contracts/data-tracker';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { srOnly } from '../../../components/sr-only.ts';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useDataTracker, useSyncRow } from '../api/data-tracker.ts';

/** Where the order import screen lives (app/product-area.tsx; it has no menu entry). */
const ORDER_IMPORT_PATH = '/apps/business-overview/order-import';

const STATE_COLOR: Record<TSyncState, ChipProps['color']> = { ok: 'success', failing: 'error', rate_limited: 'warning', never: 'default', not_connected: 'default' };
/** Queue names (server `defineJob`) → their name on screen. */
const JOB_KIND = {
  'reviews.sync-page': 'job.kind.reviewSync',
  'inbox.sync-page': 'job.kind.inboxSync',
  'google.sync-location': 'job.kind.googleSync',
  'instagram.refresh-account': 'job.kind.instagramRead',
  'orders.import': 'job.kind.orderImport',
} as const;
const JOB_COLOR: Record<TDataTrackerJob['state'], ChipProps['color']> = { created: 'info', retry: 'warning', active: 'info', completed: 'success', cancelled: 'default', failed: 'error' };

function useTimeFormats() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const at = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    const day = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(lang);
    return {
      at: (iso: string) => at.format(new Date(iso)),
      /** "5 minutes ago", "in 2 hours": the largest unit that fits. */
      relative: (iso: string, now: number) => {
        const seconds = (Date.parse(iso) - now) / 1000;
        const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400], ['hour', 3_600], ['minute', 60]];
        for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
        return relative.format(0, 'minute');
      },
      day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
      number: (n: number) => number.format(n),
    };
  }, [lang]);
}

function When({ iso, now, empty }: { iso: string | null; now: number; empty: string }) {
  const f = useTimeFormats();
  if (!iso) return <Typography variant="body2" color="text.secondary">{empty}</Typography>;
  return (
    <Box component="time" dateTime={iso} title={f.at(iso)} sx={{ typography: 'body2' }}>
      {f.relative(iso, now)}
    </Box>
  );
}

function NextSync({ row, now }: { row: TDataTrackerRow; now: number }) {
  const { t } = useTranslation('data-tracker');
  if (row.state === 'not_connected') return <Typography variant="body2" color="text.secondary">—</Typography>;
  if (row.schedule === 'import') return <Typography variant="body2" color="text.secondary">{t('next.import')}</Typography>;
  if (row.token.health === 'dead') return <Typography variant="body2" color="text.secondary">{t('next.afterReconnect')}</Typography>;
  if (row.schedule === 'on_view') {
    return row.nextSyncAt ? (
      <Typography variant="body2">
        {t('next.onViewAfter')} <When iso={row.nextSyncAt} now={now} empty="" />
      </Typography>
    ) : (
      <Typography variant="body2" color="text.secondary">{t('next.onView')}</Typography>
    );
  }
  return <When iso={row.nextSyncAt} now={now} empty={t('next.none')} />;
}

function Token({ row }: { row: TDataTrackerRow }) {
  const { t } = useTranslation('data-tracker');
  const ability = useAbility<AppAbility>();
  const f = useTimeFormats();
  const { health, expiresAt } = row.token;
  if (health === 'none') return <Typography variant="body2" color="text.secondary">—</Typography>;
  const color: ChipProps['color'] = health === 'valid' ? 'success' : health === 'expiring' ? 'warning' : 'error';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" variant="outlined" color={color} label={t(`token.${health}`)} />
      {health === 'expiring' && expiresAt && <Typography variant="caption">{t('token.expiresAt', { at: f.at(expiresAt) })}</Typography>}
      {health === 'dead' && ability.can('read', SUBJECTS.pageConnection) && (
        <Button size="small" component={RouterLink} to={PATHS.facebookConnect} data-testid={`reconnect-${row.outletId}-${row.source}`}>
          {t('token.reconnect')}
        </Button>
      )}
    </Stack>
  );
}

/** The new rows of each tracked day, oldest first, each named for screen readers. */
function Counts({ row, days }: { row: TDataTrackerRow; days: string[] }) {
  const { t } = useTranslation('data-tracker');
  const f = useTimeFormats();
  const total = row.counts.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...row.counts);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
      <Box component="ol" aria-label={t('counts.label', { source: t(`source.${row.source}`) })} sx={{ display: 'flex', gap: '2px', alignItems: 'flex-end', listStyle: 'none', m: 0, p: 0, height: 28 }} data-testid={`counts-${row.outletId}-${row.source}`}>
        {row.counts.map((n, i) => (
          <Box
            component="li"
            key={days[i]}
            title={`${f.day(days[i]!)}: ${f.number(n)}`}
            aria-label={t('counts.day', { day: f.day(days[i]!), count: n })}
            sx={{ width: 8, height: n === 0 ? 2 : 4 + Math.round((24 * n) / max), bgcolor: n === 0 ? 'divider' : 'primary.main', borderRadius: 0.5 }}
          />
        ))}
      </Box>
      <Typography variant="body2">{f.number(total)}</Typography>
    </Stack>
  );
}

function Job({ job }: { job: TDataTrackerJob | null }) {
  const { t } = useTranslation('data-tracker');
  if (!job) return <Typography variant="body2" color="text.secondary">—</Typography>;
  const key = JOB_KIND[job.name as keyof typeof JOB_KIND];
  const kind = key ? t(key) : job.name;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid={`job-${job.id}`}>
      <Typography variant="body2">{kind}</Typography>
      <Chip size="small" color={JOB_COLOR[job.state]} label={t(`job.state.${job.state}`)} />
      {job.retryCount > 0 && <Typography variant="caption">{t('job.attempt', { n: job.retryCount + 1, of: job.retryLimit + 1 })}</Typography>}
    </Stack>
  );
}

function SourceRow({ row, days, now, onSync, syncing }: { row: TDataTrackerRow; days: string[]; now: number; onSync: (row: TDataTrackerRow) => void; syncing: boolean }) {
  const { t, i18n } = useTranslation('data-tracker');
  const ability = useAbility<AppAbility>();
  const busy = row.job !== null && (row.job.state === 'active' || row.job.state === 'created' || row.job.state === 'retry');
  const sourceName = t(`source.${row.source}`);
  return (
    <TableRow data-testid={`row-${row.outletId}-${row.source}`}>
      <TableCell component="th" scope="row">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{sourceName}</Typography>
        {row.account && <Typography variant="caption" color="text.secondary">{row.account}</Typography>}
        {row.graphVersion && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid={`graph-version-${row.outletId}-${row.source}`}>
            {t('graphVersion', { version: row.graphVersion })}
          </Typography>
        )}
        {row.demoShiftWeeks !== null && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid={`demo-shift-${row.outletId}-${row.source}`}>
            {t('demoShift', { count: row.demoShiftWeeks })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATE_COLOR[row.state]} variant={row.state === 'not_connected' ? 'outlined' : 'filled'} label={t(`state.${row.state}`)} data-testid={`state-${row.outletId}-${row.source}`} />
        {row.error && (
          <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5, maxWidth: 320 }} data-testid={`error-${row.outletId}-${row.source}`}>
            {row.error}
          </Typography>
        )}
        {row.reviewsEnded && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, maxWidth: 320 }} data-testid={`reviews-ended-${row.outletId}-${row.source}`}>
            {t('reviewsEnded', { date: formatDate(row.reviewsEnded.since, i18n.language), version: row.reviewsEnded.graphVersion })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <When iso={row.lastSuccessAt} now={now} empty={t('never')} />
      </TableCell>
      <TableCell>
        <NextSync row={row} now={now} />
      </TableCell>
      <TableCell>
        <Token row={row} />
      </TableCell>
      <TableCell>
        <Counts row={row} days={days} />
      </TableCell>
      <TableCell>
        <Job job={row.job} />
      </TableCell>
      <TableCell align="right">
        {row.canSync && (
          <Button size="small" variant="outlined" startIcon={<SyncIcon />} disabled={syncing || busy} onClick={() => onSync(row)} aria-label={t('syncNowFor', { source: sourceName, outlet: row.outletName })}>
            {t('syncNow')}
          </Button>
        )}
        {row.source === 'orders' && ability.can('update', SUBJECTS.businessOverview) && (
          <Button size="small" component={RouterLink} to={ORDER_IMPORT_PATH}>
            {t('importOrders')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function OutletTable({ rows, days, now, onSync, syncingKey }: { rows: TDataTrackerRow[]; days: string[]; now: number; onSync: (row: TDataTrackerRow) => void; syncingKey: string | null }) {
  const { t } = useTranslation('data-tracker');
  const first = rows[0]!;
  const titleId = `tracker-${first.outletId}-title`;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={titleId} data-testid={`outlet-${first.outletId}`}>
      <Typography component="h2" variant="subtitle1" id={titleId} sx={{ fontWeight: 600 }}>
        {first.outletName}
      </Typography>
      <Typography variant="body2" color="text.secondary">{first.brandName}</Typography>
      <Box sx={{ position: 'relative', overflowX: 'auto', mt: 1 }} tabIndex={0} role="region" aria-label={t('tableLabel', { outlet: first.outletName })}>
        <Table size="small" sx={{ minWidth: 960 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('col.source')}</TableCell>
              <TableCell>{t('col.status')}</TableCell>
              <TableCell>{t('col.lastSuccess')}</TableCell>
              <TableCell>{t('col.next')}</TableCell>
              <TableCell>{t('col.token')}</TableCell>
              <TableCell>{t('col.counts')}</TableCell>
              <TableCell>{t('col.job')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={srOnly}>{t('col.actions')}</Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <SourceRow key={r.source} row={r} days={days} now={now} onSync={onSync} syncing={syncingKey === `${r.outletId}|${r.source}`} />
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

export function DataTrackerPage() {
  const { t } = useTranslation('data-tracker');
  const { t: appT } = useTranslation();
  const q = useDataTracker();
  const sync = useSyncRow();
  const now = useNow(30_000);
  const [notice, setNotice] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const byOutlet = useMemo(() => {
    const groups = new Map<string, TDataTrackerRow[]>();
    for (const r of q.data?.rows ?? []) groups.set(r.outletId, [...(groups.get(r.outletId) ?? []), r]);
    return [...groups.values()];
  }, [q.data]);
  const syncingKey = sync.isPending && sync.variables ? `${sync.variables.outletId}|${sync.variables.source}` : null;
  const onSync = (row: TDataTrackerRow) => {
    setNotice(null);
    const source = t(`source.${row.source}`);
    sync.mutate(
      { outletId: row.outletId, source: row.source as Exclude<TDataSource, 'orders'> },
      {
        onSuccess: ({ queued }) => setNotice({ severity: queued ? 'success' : 'info', text: t(queued ? 'queued' : 'alreadyQueued', { source, outlet: row.outletName }) }),
        onError: (e) => setNotice({ severity: 'error', text: describeError(e, appT) }),
      },
    );
  };
  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Box role="status" aria-live="polite">
        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} data-testid="sync-notice">
            {notice.text}
          </Alert>
        )}
      </Box>
      {q.isPending ? (
        <ListSkeleton rows={2} rowHeight={200} label={appT('common.loading')} />
      ) : q.isError ? (
        <ListError error={q.error} onRetry={() => void q.refetch()} />
      ) : byOutlet.length === 0 ? (
        <ListEmpty title={t('empty')} testId="data-tracker-empty" />
      ) : (
        <Stack spacing={2} data-testid="data-tracker">
          {byOutlet.map((rows) => (
            <OutletTable key={rows[0]!.outletId} rows={rows} days={q.data!.days} now={now} onSync={onSync} syncingKey={syncingKey} />
          ))}
          <Typography variant="caption" color="text.secondary">
            {t('countsMeaning')}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

export default DataTrackerPage;
