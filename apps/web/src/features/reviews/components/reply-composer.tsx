/**
 * Reply composer: a public reply of the page on the review (`POST /reply-fb-review`).
 * Disabled, with the reason, when Facebook does not allow a reply (`canReply` false: reviews
 * from before August 2018 have no story to comment on, external-apis.md §2).
 *
 * Submitting twice is impossible (issue #8): a ref marks the submission in flight at once, so a
 * second Enter or click that arrives before React re-renders is ignored, and the button stays
 * disabled while the reply is being posted. Each submission gets an `Idempotency-Key` when it
 * is made; sending the same text again after a failure reuses it, so the server answers the
 * first reply (if it landed after all) instead of posting a second one.
 *
 * The reply check (issue #11) answers 422 `reply_check` with its warnings: they are shown in the
 * user's language, and an owner may "Send anyway" (a new submission with `sendAnyway`, which the
 * server records); others change the reply. Editing the text clears the warnings.
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPLY_MAX_LENGTH, REPLY_WARNING_CODES, type TFbReview } from '@dinedesk/contracts';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useReplyFbReview } from '../api/reply-fb-review.ts';

type WarningCode = (typeof REPLY_WARNING_CODES)[number];

/** The warning codes of a `reply_check` refusal (422 or, for a non-owner sending anyway, 403), else null. */
function replyCheckWarnings(error: unknown): WarningCode[] | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { code?: unknown; warnings?: { code?: unknown }[] } | null;
  if (body?.code !== 'reply_check' && body?.code !== 'reply_check_owner_only') return null;
  const codes = (body.warnings ?? []).map((w) => w.code).filter((c): c is WarningCode => (REPLY_WARNING_CODES as readonly unknown[]).includes(c));
  return codes.length ? codes : null;
}

export function ReplyComposer({ review }: { review: TFbReview }) {
  const { t } = useTranslation();
  // The check's strings are a lazy namespace (locales/<language>/reviews.json): not first paint.
  const { t: tReviews } = useTranslation('reviews');
  const [message, setMessage] = useState('');
  const reply = useReplyFbReview();
  const inFlight = useRef(false);
  /** The last submission that did not go through: its text and key, reused by a retry. */
  const attempt = useRef<{ message: string; key: string } | null>(null);
  const disabledReason = review.canReply ? null : t('reviews.reply.cannotReply');
  const trimmed = message.trim();
  const canSend = !disabledReason && trimmed.length > 0 && trimmed.length <= REPLY_MAX_LENGTH && !reply.isPending;

  const role = useSessionStore((state) => state.userData?.role);
  const mayOverride = role === 'client_owner' || role === 'super_admin';
  const checkWarnings = replyCheckWarnings(reply.error);

  const send = (sendAnyway = false) => {
    if (!canSend || inFlight.current) return;
    inFlight.current = true;
    // Sending anyway is another request body: a submission (and key) of its own.
    if (attempt.current?.message !== trimmed || sendAnyway) attempt.current = { message: trimmed, key: newIdempotencyKey() };
    reply.mutate(
      { pageId: review.pageId, reviewId: review.id, message: trimmed, idempotencyKey: attempt.current.key, ...(sendAnyway ? { sendAnyway: true } : {}) },
      {
        onSuccess: () => {
          attempt.current = null;
          setMessage('');
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  // Ctrl/Cmd+Enter sends, as in most messaging tools; plain Enter makes a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  const helperId = `reply-help-${review.id}`;
  return (
    <Box component="form" onSubmit={onSubmit} aria-label={t('reviews.reply.title')} noValidate>
      {disabledReason && (
        <Alert severity="info" sx={{ mb: 1.5 }} id={helperId}>
          {disabledReason}
        </Alert>
      )}
      {checkWarnings ? (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          role="alert"
          data-testid="reply-check"
          action={
            mayOverride && (
              <Button color="inherit" size="small" onClick={() => send(true)} disabled={!canSend} data-testid="reply-send-anyway">
                {tReviews('replyCheck.sendAnyway')}
              </Button>
            )
          }
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {tReviews('replyCheck.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {checkWarnings.map((code) => (
              <li key={code} data-warning={code}>
                {tReviews(`replyCheck.${code}`)}
              </li>
            ))}
          </Box>
          {!mayOverride && <Typography variant="body2">{tReviews('replyCheck.askOwner')}</Typography>}
        </Alert>
      ) : (
        reply.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }} role="alert">
            {describeError(reply.error, t)}
          </Alert>
        )
      )}
      <TextField
        id={`reply-input-${review.id}`}
        label={t('reviews.reply.label')}
        placeholder={t('reviews.reply.placeholder')}
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          // The warnings were about the old text.
          if (checkWarnings) reply.reset();
        }}
        onKeyDown={onKeyDown}
        disabled={Boolean(disabledReason) || reply.isPending}
        slotProps={{
          htmlInput: {
            'data-testid': 'reply-input',
            maxLength: REPLY_MAX_LENGTH,
            'aria-describedby': disabledReason ? helperId : undefined,
          },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 1, gap: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
          {t('reviews.reply.counter', { count: message.length, max: REPLY_MAX_LENGTH })}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={!canSend}
          data-testid="reply-submit"
        >
          {reply.isPending ? t('reviews.reply.sending') : t('reviews.reply.send')}
        </Button>
      </Box>
    </Box>
  );
}
