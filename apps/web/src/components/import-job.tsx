/**
 * The parts of a CSV import screen that every kind of file shares (order import, ads import;
 * docs/decisions/0036, 0043): the upload's progress bar, and a queued import job's status line and
 * progress with what it ended in below. The texts come from the screen's own namespace; the test
 * ids are the screen's, so each screen's journeys keep their names.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The upload's feedback: while it is sent (and after, once something was sent), `text`
 * ("Sending… 40 %") over a bar of `sent` (the fraction XMLHttpRequest reported, 0–1) named
 * `label`; a refused upload's `error` in words.
 */
export function UploadFeedback({ showBar, sent, text, label, barTestId, error, errorTestId }: { showBar: boolean; sent: number; text: string; label: string; barTestId: string; error: string | null; errorTestId: string }) {
  return (
    <>
      {showBar && (
        <Box>
          <Typography variant="body2">{text}</Typography>
          <LinearProgress variant="determinate" value={Math.round(sent * 100)} aria-label={label} data-testid={barTestId} />
        </Box>
      )}
      {error !== null && (
        <Alert severity="error" data-testid={errorTestId}>
          {error}
        </Alert>
      )}
    </>
  );
}

/**
 * An import job as it runs: `line` (its status and rows read, announced as a status), its
 * progress (0–1) and, under them, `children` (the imported, rejected or failed notice). The box
 * carries `data-status` for the journeys that wait for an ending.
 */
export function ImportJobProgress({ testId, status, line, progress, label, progressTestId, children }: { testId: string; status: string; line: string; progress: number; label: string; progressTestId: string; children?: ReactNode }) {
  return (
    <Box data-testid={testId} data-status={status}>
      <Typography variant="body2" sx={{ mb: 1 }} role="status">
        {line}
      </Typography>
      <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={label} data-testid={progressTestId} />
      {children}
    </Box>
  );
}
