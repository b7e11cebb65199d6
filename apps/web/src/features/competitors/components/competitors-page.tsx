/**
 * Competitor analysis (/apps/reviews_and_complaints/competitor-analysis;
 * docs/requirements/routes.md, docs/requirements/screen-contents.md#competitor-analysis, server
 * semantics in docs/decisions/0030).
 *
 * - The outlet under analysis is picked from the client's outlets and kept in the URL (`?outlet=`).
 * - Its competitors (at most 5) with their public rating and count; owners and brand managers
 *   (`update CompetitorAnalysis`) add them through a Places search and remove them; other roles
 *   read. A competitor whose review history the server is still reading says so (and the
 *   analysis is asked again until it is there); one whose source has no history says that.
 * - The rating vs review-volume grid (scatter chart, outlet highlighted, with a table of the same
 *   figures), monthly rating and review-velocity trends, and sentiment by theme with top phrases.
 *
 * A lazy route of its own (app/product-area.tsx): recharts and this feature's strings are not in
 * the Reviews screen's first paint (docs/requirements/quality-goals.md ≤ 250 KiB gzip).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import type { TCompetitor } from '@dinedesk/contracts/competitors';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { OutletSelect } from '../../../components/outlet-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';
import { describeError } from '../../../lib/errors.ts';
import { useAnalysis, useRemoveCompetitor } from '../api/competitors.ts';
import { useOutletParam, type OutletOption } from '../hooks/use-outlet-param.ts';
import { AddCompetitorDialog } from './add-competitor-dialog.tsx';
import { RatingGrid } from './rating-grid.tsx';
import { ThemeSentiment } from './theme-sentiment.tsx';
import { TrendCharts } from './trend-charts.tsx';

/** Competitors per outlet (the server's limit too; shown before the first answer). */
const DEFAULT_MAX = 5;

function CompetitorItem({ competitor, mayChoose, onRemove, removing }: { competitor: TCompetitor; mayChoose: boolean; onRemove: () => void; removing: boolean }) {
  const { t, i18n } = useTranslation('competitors');
  const rating = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Box component="li" data-testid="competitor-item" data-place-id={competitor.placeId} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h3" variant="subtitle2">
          {competitor.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {competitor.address}
        </Typography>
        <Typography variant="body2">
          {competitor.rating === null ? t('list.unrated') : `★ ${rating.format(competitor.rating)}`}
          {competitor.userRatingCount !== null && ` · ${t('list.reviews', { count: competitor.userRatingCount })}`}
        </Typography>
        {competitor.history === 'none' && (
          <Typography variant="caption" color="text.secondary" data-testid="competitor-no-history">
            {t('list.noHistory')}
          </Typography>
        )}
        {competitor.history === 'pending' && (
          <Typography variant="caption" color="text.secondary" role="status">
            {t('list.pendingHistory')}
          </Typography>
        )}
      </Box>
      {mayChoose && (
        <IconButton aria-label={t('list.remove', { name: competitor.name })} onClick={onRemove} disabled={removing} data-testid="remove-competitor">
          <DeleteIcon />
        </IconButton>
      )}
    </Box>
  );
}

export function CompetitorsPage() {
  const { t } = useTranslation('competitors');
  const { t: appT } = useTranslation();
  const ability = useAbility<AppAbility>();
  const mayChoose = ability.can('update', SUBJECTS.competitorAnalysis);
  const details = useQuery(clientDetailsQueryOptions());
  const outlets = useMemo<OutletOption[]>(() => (details.data?.client?.brands ?? []).flatMap((b) => b.outlets.map((o) => ({ id: o.id, name: o.name, brandName: b.name }))), [details.data]);
  const { outletId, setOutletId } = useOutletParam(outlets);
  const analysis = useAnalysis(outletId);
  const remove = useRemoveCompetitor();
  const [adding, setAdding] = useState(false);
  const max = analysis.data?.max ?? DEFAULT_MAX;
  const competitors = analysis.data?.competitors ?? [];
  const full = competitors.length >= max;


  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle', { max })}>
        {mayChoose && outletId && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={!analysis.data || full} data-testid="add-competitor">
            {t('add.button')}
          </Button>
        )}
      </PageHeader>
      {adding && outletId && <AddCompetitorDialog outletId={outletId} onClose={() => setAdding(false)} />}

      {details.isPending ? (
        <ListSkeleton rows={1} rowHeight={56} label={appT('common.loading')} />
      ) : details.isError ? (
        <ListError error={details.error} onRetry={() => void details.refetch()} />
      ) : outlets.length === 0 ? (
        <ListEmpty title={t('outlet.none')} testId="competitors-no-outlet" />
      ) : (
        <OutletSelect label={t('outlet.label')} value={outletId ?? ''} outlets={outlets} onChange={setOutletId} testId="competitor-outlet" />
      )}

      {outletId &&
        (analysis.isPending ? (
          <ListSkeleton rows={3} rowHeight={72} label={appT('common.loading')} />
        ) : analysis.isError ? (
          <Box data-testid="competitors-error">
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('error.title')}
            </Typography>
            <ListError error={analysis.error} onRetry={() => void analysis.refetch()} />
          </Box>
        ) : (
          <>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="competitor-list-title">
              <Typography id="competitor-list-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('list.title', { count: competitors.length, max })}
              </Typography>
              {mayChoose && full && (
                <Typography variant="body2" color="text.secondary">
                  {t('add.full', { max })}
                </Typography>
              )}
              {remove.isError && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {describeError(remove.error, appT)}
                </Alert>
              )}
              {competitors.length === 0 ? (
                <ListEmpty title={t('list.empty')} description={mayChoose ? t('list.emptyHint', { max }) : t('list.emptyReadOnly')} testId="competitors-empty" />
              ) : (
                <Box component="ul" data-testid="competitor-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {competitors.map((c) => (
                    <CompetitorItem
                      key={c.placeId}
                      competitor={c}
                      mayChoose={mayChoose}
                      removing={remove.isPending && remove.variables?.placeId === c.placeId}
                      onRemove={() => remove.mutate({ outletId, placeId: c.placeId })}
                    />
                  ))}
                </Box>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <RatingGrid points={analysis.data.grid} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <TrendCharts series={analysis.data.trends} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <ThemeSentiment series={analysis.data.themes} />
            </Paper>
          </>
        ))}
    </Stack>
  );
}

export default CompetitorsPage;
