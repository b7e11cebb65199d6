/**
 * Adds an internal comment to a review, with @mentions chosen from the suggestions
 * (mention-input.tsx). The teammates chosen are recorded; what is sent is only those whose
 * `@Full Name` is still in the text (contracts `mentionSpans`, the server's rule), so a mention
 * chosen and then edited away notifies no one and is not refused.
 *
 * The server's refusal (400 naming `body.text` or `body.mentionUserIds`, 403, 404) is shown
 * under the field as it words it; the text stays for a correction, and editing it clears the
 * message. A second Enter or click while the comment is being added is ignored (a ref marks the
 * submission at once, before React re-renders). The counter appears near the limit
 * (`INTERNAL_COMMENT_MAX_LENGTH`), which the field itself does not let the text pass.
 */
import AddCommentIcon from '@mui/icons-material/AddComment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { INTERNAL_COMMENT_MAX_LENGTH, type TMentionedUser } from '@dinedesk/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { useAddInternalComment } from '../api/internal-comments.ts';
import { mentionedUserIds } from '../mention-text.ts';
import { MentionInput } from './mention-input.tsx';
import type { ThreadTarget } from '../../../lib/internal-comments.ts';

/** The counter shows from this many characters left. */
export const COUNTER_FROM_REMAINING = Math.round(INTERNAL_COMMENT_MAX_LENGTH * 0.1);

export function InternalCommentComposer({ target }: { target: ThreadTarget }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('comments');
  const [text, setText] = useState('');
  const [recorded, setRecorded] = useState<TMentionedUser[]>([]);
  const add = useAddInternalComment();
  const inFlight = useRef(false);
  const trimmed = text.trim();
  const remaining = INTERNAL_COMMENT_MAX_LENGTH - text.length;
  const canSend = trimmed.length > 0 && trimmed.length <= INTERNAL_COMMENT_MAX_LENGTH && !add.isPending;
  const textRefused = add.error instanceof ApiError && add.error.field === 'body.text';

  const send = () => {
    if (!canSend || inFlight.current) return;
    inFlight.current = true;
    add.mutate(
      { target, text: trimmed, mentionUserIds: mentionedUserIds(trimmed, recorded) },
      {
        onSuccess: () => {
          setText('');
          setRecorded([]);
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

  const base = `internal-comment-${'reviewId' in target ? `review-${target.reviewId}` : `ticket-${target.ticketId}`}`;
  const describedBy = [`${base}-hint`, remaining <= COUNTER_FROM_REMAINING ? `${base}-counter` : null, add.isError ? `${base}-error` : null].filter(Boolean).join(' ');
  return (
    <Box component="form" onSubmit={onSubmit} aria-label={tc('composer.label')} noValidate data-testid="internal-comment-composer">
      <MentionInput
        id={`${base}-input`}
        target={target}
        value={text}
        onChange={(next) => {
          setText(next);
          // The message was about the text as it was sent.
          if (add.isError) add.reset();
        }}
        onMention={(user) => setRecorded((users) => (users.some((u) => u.id === user.id) ? users : [...users, user]))}
        label={tc('composer.label')}
        placeholder={tc('composer.placeholder')}
        readOnly={add.isPending}
        maxLength={INTERNAL_COMMENT_MAX_LENGTH}
        error={textRefused}
        describedBy={describedBy}
        onSubmitShortcut={send}
      />
      {add.isError && (
        <Alert severity="error" role="alert" id={`${base}-error`} sx={{ mt: 1 }} data-testid="internal-comment-error">
          {describeError(add.error, t)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" id={`${base}-hint`} sx={{ mr: 'auto' }}>
          {tc('composer.hint')}
        </Typography>
        {remaining <= COUNTER_FROM_REMAINING && (
          <Typography variant="caption" color={remaining <= 0 ? 'error' : 'text.secondary'} id={`${base}-counter`} data-testid="internal-comment-counter" aria-live="polite">
            {tc('composer.remaining', { count: Math.max(0, remaining) })}
          </Typography>
        )}
        <Button type="submit" variant="contained" endIcon={<AddCommentIcon />} disabled={!canSend} data-testid="internal-comment-submit">
          {add.isPending ? tc('composer.sending') : tc('composer.send')}
        </Button>
      </Box>
    </Box>
  );
}
