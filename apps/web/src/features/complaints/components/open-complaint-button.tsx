/**
 * "Open complaint" for one review: turns the review into a complaint, or finds the
 * one it already belongs to (`created: false`), and goes to it on the complaints screen. Shown
 * only to users who may open complaints (`create Complaint`: all but viewers); the server checks
 * again. Meant for the review detail, which another part wires it into.
 */
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useOpenComplaintFromReview } from '../api/open-from-review.ts';

/** `?complaint=<id>` on the complaints screen. */
export const complaintLink = (complaintId: string) => `${PATHS.complaints}?complaint=${encodeURIComponent(complaintId)}`;

export function OpenComplaintButton({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('complaints');
  const { t: appT } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const open = useOpenComplaintFromReview();
  if (!ability.can('create', SUBJECTS.complaint)) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        disabled={open.isPending}
        startIcon={open.isPending ? <CircularProgress size={16} color="inherit" /> : <ReportProblemOutlinedIcon />}
        onClick={() => open.mutate(reviewId, { onSuccess: ({ complaint }) => void navigate(complaintLink(complaint.id)) })}
        data-testid="open-complaint"
      >
        {open.isPending ? t('openButton.opening') : t('openButton.label')}
      </Button>
      {open.isError && (
        <Alert severity="error" role="alert" onClose={() => open.reset()}>
          {describeError(open.error, appT)}
        </Alert>
      )}
    </Box>
  );
}

export default OpenComplaintButton;
