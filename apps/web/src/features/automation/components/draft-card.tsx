/**
 * One draft of the approval queue (docs/decisions/0028): the review, the rule that
 * drafted it, the reply-check warnings that stopped an automatic reply (plain words), and the
 * reply. Owners edit the text and Approve (posted as them through the reply path and check) or
 * Reject; others read it. Decided drafts say who decided and when.
 *
 * Approving again meets the reply check: a 422 `reply_check` shows its warnings and, for owners,
 * "Send anyway" (the same text with `sendAnyway: true`); editing the text clears them, as in the
 * reply composer. A 409 means someone decided it meanwhile: the queue is refetched and says so.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPLY_WARNING_CODES } from '@dinedesk/contracts';
import type { TAutomationDraft } from '@dinedesk/contracts/automation';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { isDecidedAlready, replyCheckWarnings, useDecideDraft, type ReplyWarningCode } from '../api/decide-draft.ts';
import { ReviewRef } from './review-ref.tsx';

function WarningList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('automation');
  const known = codes.filter((code): code is ReplyWarningCode => (REPLY_WARNING_CODES as readonly string[]).includes(code));
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {known.map((code) => (
        <li key={code} data-testid="draft-warning" data-code={code}>
          {t(`warnings.${code}`)}
        </li>
      ))}
    </Box>
  );
}

export const DraftCard = memo(function DraftCard({ draft, mayManage }: { draft: TAutomationDraft; mayManage: boolean }) {
  const { t, i18n } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const [text, setText] = useState(draft.text);
  const decide = useDecideDraft();
  const pending = draft.status === 'pending';
  const checkWarnings = replyCheckWarnings(decide.error);
  const decidedAlready = isDecidedAlready(decide.error);
  // A refusal of the text itself (empty, too long), as the contract words it; not the reply check's.
  const textError = decide.error instanceof ApiError && decide.error.status === 400 && decide.error.field === 'body.text' ? describeError(decide.error, appT) : null;
  const otherError = decide.isError && !checkWarnings && !decidedAlready && !textError ? describeError(decide.error, appT) : null;
  const decision = decide.variables?.decision;
  const edited = text.trim() !== draft.text.trim();
  const cardId = `automation-draft-${draft.id}`;

  const send = (choice: 'approve' | 'reject', sendAnyway = false) =>
    decide.mutate({ draftId: draft.id, decision: choice, ...(choice === 'approve' && edited ? { text } : {}), ...(sendAnyway ? { sendAnyway: true } : {}) });

  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} data-testid="automation-draft" data-draft-id={draft.id} data-status={draft.status} aria-labelledby={`${cardId}-rule`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={`${cardId}-rule`} component="h3" variant="subtitle2" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('drafts.rule', { name: draft.ruleName || t('drafts.deletedRule') })}
          </Typography>
          <Chip size="small" variant="outlined" color={draft.status === 'approved' ? 'success' : draft.status === 'rejected' ? 'default' : 'warning'} label={t(`drafts.status.${draft.status}`)} />
        </Box>
        <Box sx={{ pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
          {/* The whole review: the approver answers what the guest wrote. */}
          <ReviewRef review={draft} full />
        </Box>
        {draft.warnings.length > 0 && (
          <Alert severity="warning" data-testid="draft-stored-warnings">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('drafts.warningsTitle')}
            </Typography>
            <WarningList codes={draft.warnings} />
          </Alert>
        )}
        {pending && mayManage ? (
          <>
            <TextField
              multiline
              minRows={3}
              label={t('drafts.text')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                // The warnings and refusals were about the old text.
                if (decide.isError) decide.reset();
              }}
              error={textError !== null}
              helperText={textError ?? t('drafts.textHelp')}
              disabled={decide.isPending}
              slotProps={{ htmlInput: { maxLength: 8000, 'data-testid': 'draft-text' } }}
            />
            {checkWarnings && (
              <Alert
                severity="warning"
                role="alert"
                data-testid="draft-check-warnings"
                action={
                  <Button color="inherit" size="small" onClick={() => send('approve', true)} disabled={decide.isPending} data-testid="draft-send-anyway">
                    {t('drafts.sendAnyway')}
                  </Button>
                }
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('drafts.checkTitle')}
                </Typography>
                <WarningList codes={checkWarnings} />
              </Alert>
            )}
            {decidedAlready && (
              <Alert severity="info" role="status" data-testid="draft-decided-already">
                {t('drafts.decidedAlready')}
              </Alert>
            )}
            {otherError && (
              <Alert severity="error" role="alert" data-testid="draft-error">
                {otherError}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Button onClick={() => send('reject')} disabled={decide.isPending} data-testid="draft-reject">
                {decide.isPending && decision === 'reject' ? t('drafts.rejecting') : t('drafts.reject')}
              </Button>
              <Button variant="contained" onClick={() => send('approve')} disabled={decide.isPending || text.trim() === ''} data-testid="draft-approve">
                {decide.isPending && decision === 'approve' ? t('drafts.approving') : t('drafts.approve')}
              </Button>
            </Box>
          </>
        ) : (
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('drafts.text')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="draft-text-read-only">
              {draft.text}
            </Typography>
            {draft.decidedAt && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="draft-decided">
                {t(draft.status === 'approved' ? 'drafts.approvedBy' : 'drafts.rejectedBy', { name: draft.decidedBy ?? t('drafts.someone'), date: formatDate(draft.decidedAt, i18n.language, true) })}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
});
