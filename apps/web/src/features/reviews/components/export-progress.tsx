/**
 * A review export ("a progress indicator for large exports"): asks for it once, polls
 * it every second, shows written/total as a bar, then a Download button (a user gesture, so no
 * browser blocks the save) or the failure in words. A chunk of its own, fetched when the user
 * asks for an export: the screen's first paint carries none of it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { downloadExport, useExportProgress, useStartExport, type ExportFormat } from '../api/export-reviews.ts';
import type { ReviewFilters } from '../api/get-reviews.ts';

export interface ExportRequest {
  filters: ReviewFilters;
  format: ExportFormat;
}

export interface ExportProgressProps {
  /** One export per request object: a new object (a new click) starts a new export. */
  request: ExportRequest;
  onClose: () => void;
}

export function ExportProgress({ request, onClose }: ExportProgressProps) {
  const { t } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const start = useStartExport();
  const started = useRef<ExportRequest | null>(null);
  const { mutate } = start;
  useEffect(() => {
    // Once per request, also under StrictMode's double effects.
    if (started.current === request) return;
    started.current = request;
    mutate(request);
  }, [request, mutate]);
  const progress = useExportProgress(start.data?.id ?? null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const exp = progress.data ?? start.data;
  const failure = start.isError ? start.error : progress.isError ? progress.error : null;
  if (failure) {
    return (
      <Alert severity="error" onClose={onClose} role="alert">
        {describeError(failure, t)}
      </Alert>
    );
  }
  if (exp?.status === 'failed') {
    return (
      <Alert severity="error" onClose={onClose} role="alert" data-testid="export-failed">
        {tr('export.exportFailed', { reason: exp.error ?? '' })}
      </Alert>
    );
  }
  if (exp?.status === 'done') {
    return (
      <Alert
        severity="success"
        onClose={onClose}
        role="status"
        data-testid="export-done"
        action={
          <Button color="inherit" size="small" data-testid="export-download" onClick={() => downloadExport(exp).catch(setDownloadError)}>
            {tr('export.download')}
          </Button>
        }
      >
        {tr('export.exportDone', { count: exp.written })}
        {downloadError !== null && <Typography variant="body2">{describeError(downloadError, t)}</Typography>}
      </Alert>
    );
  }
  const total = exp?.total ?? null;
  const written = exp?.written ?? 0;
  return (
    <Box role="status" data-testid="export-progress" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2">{total === null ? tr('export.exportQueued') : tr('export.exporting', { written, total })}</Typography>
      <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={total ? (written / total) * 100 : 0} aria-label={t('reviews.insights.export')} />
    </Box>
  );
}

export default ExportProgress;
