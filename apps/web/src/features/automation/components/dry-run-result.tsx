/**
 * A dry run's answer in the rule editor ("a dry run against past reviews";
 * docs/decisions/0028): "N of M reviews between <since> and <until> would match", the matches
 * per outlet, and the newest matches (at most 50) with what each action would do: a reply's
 * text (or, when the reply check warns, that it would wait as a draft), the ticket, the people.
 * When the form changed after the run, a note says so: the answer is about the rule as it was.
 * A new answer is scrolled into view: it arrives below the form, out of sight in the dialog.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TAutomationDryRunResponse } from '@dinedesk/contracts/automation';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { Names } from '../format.ts';
import { OutcomeList } from './outcome-list.tsx';
import { ReviewRef } from './review-ref.tsx';

export function DryRunResult({ result, stale, names }: { result: TAutomationDryRunResponse; stale: boolean; names: Names }) {
  const { t, i18n } = useTranslation('automation');
  const lang = i18n.language;
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // jsdom has no scrolling; browsers all do.
    if (typeof ref.current?.scrollIntoView === 'function') ref.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result]);
  return (
    <Paper ref={ref} variant="outlined" component="section" aria-labelledby="automation-dry-run-title" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="dry-run-result">
      <Typography id="automation-dry-run-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('dryRun.title')}
      </Typography>
      <Typography role="status" data-testid="dry-run-summary">
        {t('dryRun.summary', {
          matched: formatNumber(result.matched, lang),
          reviewed: formatNumber(result.reviewed, lang),
          since: formatDate(result.since, lang),
          until: formatDate(result.until, lang),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('dryRun.nothing')}
      </Typography>
      {stale && (
        <Alert severity="info" data-testid="dry-run-stale">
          {t('dryRun.stale')}
        </Alert>
      )}
      {result.matched === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dryRun.noMatches')}
        </Typography>
      ) : (
        <>
          <Box>
            <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('dryRun.byOutlet')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="dry-run-outlets">
              {result.byOutlet.map((outlet) => (
                <Typography component="li" variant="body2" key={outlet.outletId} data-testid="dry-run-outlet">
                  {outlet.outletName}: {formatNumber(outlet.matched, lang)}
                </Typography>
              ))}
            </Box>
          </Box>
          <Box>
            <Typography component="h4" variant="subtitle2">
              {t('dryRun.samples')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('dryRun.samplesCount', { shown: formatNumber(result.samples.length, lang), matched: formatNumber(result.matched, lang) })}
            </Typography>
            <Box component="ol" sx={{ m: 0, p: 0, mt: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="dry-run-samples">
              {result.samples.map((sample, index) => (
                <Box component="li" key={sample.reviewId} sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="dry-run-sample">
                  {index > 0 && <Divider />}
                  <ReviewRef review={sample} />
                  <OutcomeList outcomes={sample.outcomes} names={names} />
                </Box>
              ))}
            </Box>
          </Box>
        </>
      )}
    </Paper>
  );
}
