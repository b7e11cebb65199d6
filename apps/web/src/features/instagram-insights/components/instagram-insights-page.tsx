/**
 * Instagram media insights (/apps/digital-marketing/instagram-insights;
 * docs/requirements/product.md and calls.md `POST /api/instagram-media-insights`,
 * docs/requirements/screen-contents.md#instagram-media-insights, the route and server semantics in
 * docs/decisions/0035).
 *
 * - The account (a connected Instagram professional account the user sees), the period, the
 *   kinds shown, the sort, the trend's metric and a minimum of it are kept in the URL.
 * - Totals over the period and the trend of the chosen metric (chart and table), then the media
 *   grid with each item's metrics and, where Instagram gave none, why in plain words.
 * - The server reads Instagram on the first visit and again in the background once its copy is
 *   an hour old; the screen says when the numbers were read and asks again while it refreshes.
 *
 * A lazy route of its own (app/product-area.tsx): recharts and these strings are not in the
 * Reviews screen's first paint (docs/requirements/quality-goals.md). It sets its own document
 * title, as it is not a menu entry's screen.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INSTAGRAM_METRICS, MEDIA_KINDS, MEDIA_SORTS, type TMediaKind } from '@dinedesk/contracts/instagram';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMediaInsights } from '../api/media-insights.ts';
import { PERIODS, requestOf, useInsightsParams } from '../hooks/use-insights-params.ts';
import { MediaGrid } from './media-grid.tsx';
import { Totals, Trend } from './totals-trend.tsx';

/** Today (UTC day) once per render of the page: the period ends today. */
function useToday(): Date {
  return useMemo(() => new Date(), []);
}

function FetchedLine({ fetchedAt, refreshing }: { fetchedAt: string | null; refreshing: boolean }) {
  const { t, i18n } = useTranslation('instagram');
  const time = fetchedAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(fetchedAt)) : null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" data-testid="instagram-fetched">
      {time ? t('fetched.at', { time }) : t('fetched.never')}
      {refreshing && ` · ${t('fetched.refreshing')}`}
    </Typography>
  );
}

export function InstagramInsightsPage() {
  const { t } = useTranslation('instagram');
  const { t: appT } = useTranslation();
  const [params, setParams] = useInsightsParams();
  const today = useToday();
  const request = useMemo(() => requestOf(params, today), [params, today]);
  const query = useMediaInsights(request);
  const data = query.data;
  const typeSet = new Set(params.types);

  const toggleType = (kind: TMediaKind) => {
    const next = typeSet.has(kind) ? params.types.filter((k) => k !== kind) : [...params.types, kind];
    setParams({ type: next.length === MEDIA_KINDS.length ? null : next.join(',') });
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {query.isPending ? (
        <ListSkeleton rows={3} rowHeight={96} label={appT('common.loading')} />
      ) : query.isError && !data ? (
        <Box data-testid="instagram-error">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('error.title')}
          </Typography>
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : !data?.account ? (
        <ListEmpty title={t('account.none')} description={t('account.noneHint')} testId="instagram-no-account" />
      ) : (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            {data.accounts.length > 1 && (
              <TextField
                select
                size="small"
                label={t('account.label')}
                value={data.account.pageId}
                onChange={(e) => setParams({ account: e.target.value })}
                sx={{ minWidth: 280 }}
                slotProps={{ htmlInput: { 'data-testid': 'instagram-account' } }}
              >
                {data.accounts.map((a) => (
                  <MenuItem key={a.pageId} value={a.pageId}>
                    {t('account.option', { username: a.username ?? a.igUserId, page: a.pageName })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FetchedLine fetchedAt={data.fetchedAt} refreshing={data.refreshing} />
          </Stack>
          {data.refreshError && <Alert severity="warning">{data.refreshError}</Alert>}

          <Paper variant="outlined" component="section" aria-label={t('filters.label')} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField select size="small" label={t('filters.period')} value={String(params.period)} onChange={(e) => setParams({ period: e.target.value })} sx={{ minWidth: 180 }} slotProps={{ htmlInput: { 'data-testid': 'instagram-period' } }}>
                {PERIODS.map((p) => (
                  <MenuItem key={p} value={String(p)}>
                    {t(`filters.period${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('filters.sort')} value={params.sort} onChange={(e) => setParams({ sort: e.target.value === 'date' ? null : e.target.value })} sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'instagram-sort' } }}>
                {MEDIA_SORTS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`metric.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('filters.order')} value={params.order} onChange={(e) => setParams({ order: e.target.value === 'desc' ? null : e.target.value })} sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'instagram-order' } }}>
                <MenuItem value="desc">{t('filters.desc')}</MenuItem>
                <MenuItem value="asc">{t('filters.asc')}</MenuItem>
              </TextField>
              <TextField select size="small" label={t('filters.metric')} value={params.metric} onChange={(e) => setParams({ metric: e.target.value })} sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'instagram-metric' } }}>
                {INSTAGRAM_METRICS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`metric.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={t('filters.min')}
                value={params.min ?? ''}
                onChange={(e) => setParams({ min: /^\d{1,12}$/.test(e.target.value) ? e.target.value : null })}
                helperText={t('filters.minHint', { metric: t(`metric.${params.metric}`).toLowerCase() })}
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { min: 0, 'data-testid': 'instagram-min' } }}
              />
            </Box>
            <Box role="group" aria-label={t('filters.types')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Chip label={t('filters.allTypes')} color={params.types.length === 0 ? 'primary' : 'default'} variant={params.types.length === 0 ? 'filled' : 'outlined'} onClick={() => setParams({ type: null })} aria-pressed={params.types.length === 0} data-testid="type-all" />
              {MEDIA_KINDS.map((kind) => (
                <Chip key={kind} label={t(`kind.${kind}`)} color={typeSet.has(kind) ? 'primary' : 'default'} variant={typeSet.has(kind) ? 'filled' : 'outlined'} onClick={() => toggleType(kind)} aria-pressed={typeSet.has(kind)} data-testid={`type-${kind}`} />
              ))}
            </Box>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Totals totals={data.totals} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Trend data={data} metric={params.metric} />
          </Paper>

          <Box component="section" aria-labelledby="instagram-grid-title" aria-busy={query.isFetching}>
            <Typography id="instagram-grid-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('grid.title', { count: data.items.length })}
            </Typography>
            {data.items.length === 0 ? (
              <ListEmpty title={t('grid.empty')} description={t('grid.emptyHint')} testId="instagram-grid-empty" />
            ) : (
              <MediaGrid items={data.items} label={t('grid.label', { username: data.account.username ?? data.account.igUserId })} />
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}

export default InstagramInsightsPage;
