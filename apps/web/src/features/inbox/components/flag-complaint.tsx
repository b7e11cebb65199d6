/**
 * "Flag as complaint" in the thread's header, for users who may open complaints
 * (`create Complaint`: all but viewers; the server checks again). Once flagged, a status line
 * under the header says what happened, "Complaint #12 opened" or "Added to complaint #12" (the
 * guest's review had opened one, or the conversation was in one already), as a link to it on the
 * complaints screen. The line is a polite live region, so a screen reader hears it too.
 */
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useFlagConversation } from '../api/flag-conversation.ts';
import type { ConversationRef } from '../api/keys.ts';
import { useInboxT } from '../inbox-t.ts';

/** What flagging needs (server: apps/server lib/ability.ts). */
export const FLAG_COMPLAINT = { action: 'create', subject: 'Complaint' } as const;

export function useFlagComplaint(refs: ConversationRef) {
  const ability = useAbility<AppAbility>();
  const flag = useFlagConversation();
  return { allowed: ability.can(FLAG_COMPLAINT.action, FLAG_COMPLAINT.subject), flag, run: () => flag.mutate(refs) };
}

export function FlagComplaintButton({ pending, onFlag }: { pending: boolean; onFlag: () => void }) {
  const { t } = useInboxT();
  return (
    <Button
      size="small"
      variant="outlined"
      color="warning"
      onClick={onFlag}
      disabled={pending}
      startIcon={pending ? <CircularProgress size={14} color="inherit" /> : <FlagOutlinedIcon />}
      data-testid="flag-complaint"
      sx={{ flexShrink: 0, ml: 'auto' }}
    >
      {pending ? t('complaint.flagging') : t('complaint.flag')}
    </Button>
  );
}

/**
 * The outcome of the last flag: a link to the complaint, or why it failed. Shown only in the
 * conversation it was about, since the thread stays mounted when another one opens.
 */
export function FlagComplaintResult({ flag, conversationId }: { flag: ReturnType<typeof useFlagConversation>; conversationId: string }) {
  const { t } = useInboxT();
  const { t: appT } = useTranslation();
  if (flag.variables?.conversationId !== conversationId) return null;
  if (flag.isError) {
    return (
      <Alert severity="error" role="alert" onClose={() => flag.reset()} sx={{ m: 1.5, mb: 0 }}>
        {describeError(flag.error, appT)}
      </Alert>
    );
  }
  if (!flag.isSuccess) return null;
  const { complaint, created } = flag.data;
  return (
    <Alert severity="success" role="status" onClose={() => flag.reset()} sx={{ m: 1.5, mb: 0 }} data-testid="flag-complaint-result">
      <Link component={RouterLink} to={`${PATHS.complaints}?complaint=${encodeURIComponent(complaint.id)}`} color="inherit" data-testid="flag-complaint-link">
        {created ? t('complaint.opened', { id: complaint.id }) : t('complaint.added', { id: complaint.id })}
      </Link>
    </Alert>
  );
}
