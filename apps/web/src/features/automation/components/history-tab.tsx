/**
 * The History tab: what the rules did, newest first, keyset paged ("Load
 * more"). Each run: the rule's name (kept after the rule is deleted), the review, a status chip
 * (scheduled with its due time, done, skipped, failed; named in words, coloured from the palette)
 * and each action's outcome in plain words. Runs are scheduled by webhooks and finish at their
 * due time without a socket event, so the list is asked again every 30 s while it is shown.
 * Owners may run a scheduled run now instead of at its due time (docs/decisions/0028 "Run now").
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAutomationRun } from '@dinedesk/contracts/automation';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useHistory } from '../api/get-history.ts';
import { useRunNow } from '../api/run-now.ts';
import type { Names } from '../format.ts';
import { LoadMore } from './load-more.tsx';
import { OutcomeList } from './outcome-list.tsx';
import { ReviewRef } from './review-ref.tsx';

/** Height in px of a run (rule, review, outcomes), what the loading rows stand for. */
const ROW_HEIGHT = 140;

const STATUS_COLOR: Record<TAutomationRun['status'], 'info' | 'success' | 'default' | 'error'> = { scheduled: 'info', done: 'success', skipped: 'default', failed: 'error' };

/** "Run now" on a scheduled run, with the refusal in words (the rule switched off meanwhile, …). */
function RunNowButton({ run }: { run: TAutomationRun }) {
  const { t } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const mutation = useRunNow();
  return (
    <>
      <Button size="small" variant="outlined" disabled={mutation.isPending || mutation.isSuccess} onClick={() => mutation.mutate({ runId: run.id })} data-testid="automation-run-now">
        {mutation.isPending || mutation.isSuccess ? t('history.runningNow') : t('history.runNow')}
      </Button>
      {mutation.isError && (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }} data-testid="automation-run-now-error">
          {describeError(mutation.error, appT)}
        </Alert>
      )}
    </>
  );
}

const RunRow = memo(function RunRow({ run, names, mayManage }: { run: TAutomationRun; names: Names; mayManage: boolean }) {
  const { t, i18n } = useTranslation('automation');
  const lang = i18n.language;
  const when =
    run.status === 'scheduled'
      ? t('history.dueAt', { date: formatDate(run.dueAt, lang, true) })
      : run.finishedAt
        ? t('history.finishedAt', { date: formatDate(run.finishedAt, lang, true) })
        : t('history.matchedAt', { date: formatDate(run.matchedAt, lang, true) });
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} data-testid="automation-run" data-run-id={run.id} data-status={run.status} aria-labelledby={`automation-run-${run.id}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={`automation-run-${run.id}`} component="h3" variant="subtitle2" sx={{ fontWeight: 600, mr: 'auto' }}>
            {t('history.rule', { name: run.ruleName })}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[run.status]} variant={run.status === 'scheduled' ? 'outlined' : 'filled'} label={t(`history.status.${run.status}`)} data-testid="automation-run-status" />
          <Typography variant="body2" color="text.secondary" data-testid="automation-run-when">
            <time dateTime={run.status === 'scheduled' ? run.dueAt : (run.finishedAt ?? run.matchedAt)}>{when}</time>
          </Typography>
          {mayManage && run.status === 'scheduled' && <RunNowButton key={run.dueAt} run={run} />}
        </Box>
        <ReviewRef review={run} />
        <OutcomeList outcomes={run.outcomes} names={names} />
      </CardContent>
    </Card>
  );
});

export function HistoryTab({ names, mayManage }: { names: Names; mayManage: boolean }) {
  const { t } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const query = useHistory();
  const runs = useMemo<TAutomationRun[]>(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <ListState
      query={query}
      isEmpty={runs.length === 0}
      skeleton={{ rows: 3, rowHeight: ROW_HEIGHT }}
      empty={<ListEmpty testId="automation-history-empty" title={t('history.empty.title')} description={t('history.empty.description')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} />}
    >
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('history.label')} data-testid="automation-history">
        {runs.map((run) => (
          <RunRow key={run.id} run={run} names={names} mayManage={mayManage} />
        ))}
      </Stack>
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={loadMore}
        error={query.isFetchNextPageError ? describeError(query.error, appT) : null}
        labels={{ more: t('history.loadMore'), loading: t('history.loading'), end: t('history.end') }}
        testId="automation-history-load-more"
      />
    </ListState>
  );
}
