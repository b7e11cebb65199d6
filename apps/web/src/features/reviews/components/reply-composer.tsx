/**
 * Reply composer: a public reply on the review, as the Facebook Page (`POST /reply-fb-review`)
 * or as the Google location (`POST /api/review_testing/google/reply`, which also edits: Google
 * keeps one reply per review; `initial` then holds the reply being edited).
 * Disabled, with the reason, when Facebook does not allow a reply (`canReply` false: reviews
 * from before August 2018 have no story to comment on,
 * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments).
 *
 * Submitting twice is impossible: a ref marks the submission in flight at once, so a
 * second Enter or click that arrives before React re-renders is ignored, and the button stays
 * disabled while the reply is being posted. Each submission gets an `Idempotency-Key` when it
 * is made; sending the same text again after a failure reuses it, so the server answers the
 * first reply (if it landed after all) instead of posting a second one.
 *
 * The reply check answers 422 `reply_check` with its warnings: they are shown in the
 * user's language, and an owner may "Send anyway" (a new submission with `sendAnyway`, which the
 * server records); others change the reply. Editing the text clears the warnings.
 *
 * Reply templates: roles that read them get a "Use a template" select. Picking one
 * fills its variables for this review (contracts `fillTemplate`) and puts the result in the
 * text field, where it stays editable: at once when the field is empty, else only after the
 * user confirms replacing their text. The select is an action, not a value: it returns to its
 * prompt after each pick. The filled text goes through the same send path (reply check,
 * idempotency key per text) as typed text.
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import { fillTemplate, GOOGLE_REPLY_MAX_BYTES, REPLY_MAX_LENGTH, REPLY_WARNING_CODES, utf8Bytes, type TReplyTemplate, type TReview } from '@dinedesk/contracts';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { platformError } from '../platform-errors.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useEditFbReply, useReplyFbReview } from '../api/reply-fb-review.ts';
import { useReplyGoogleReview } from '../api/reply-google-review.ts';
import { useReplyTemplates } from '../api/reply-templates.ts';

type WarningCode = (typeof REPLY_WARNING_CODES)[number];

/** The warning codes of a `reply_check` refusal (422 or, for a non-owner sending anyway, 403), else null. */
function replyCheckWarnings(error: unknown): WarningCode[] | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { code?: unknown; warnings?: { code?: unknown }[] } | null;
  if (body?.code !== 'reply_check' && body?.code !== 'reply_check_owner_only') return null;
  const codes = (body.warnings ?? []).map((w) => w.code).filter((c): c is WarningCode => (REPLY_WARNING_CODES as readonly unknown[]).includes(c));
  return codes.length ? codes : null;
}

export interface ReplyComposerProps {
  review: TReview;
  /** Text to start from (the Google reply being edited). */
  initial?: string;
  /** Called after the reply went out (an edit closes its composer). */
  onSent?: () => void;
  /** Facebook: the page reply being edited (`edit-fb-reply`) instead of a new reply. */
  editCommentId?: string;
}

export function ReplyComposer({ review, initial = '', onSent, editCommentId }: ReplyComposerProps) {
  const { t } = useTranslation();
  // The check's strings are a lazy namespace (locales/<language>/reviews.json): not first paint.
  const { t: tr } = useTranslation('reviews');
  const [message, setMessage] = useState(initial);
  const fbReply = useReplyFbReview();
  const fbEdit = useEditFbReply();
  const googleReply = useReplyGoogleReview();
  const google = review.source === 'google';
  const reply = google ? googleReply : editCommentId ? fbEdit : fbReply;
  // Google counts bytes of UTF-8 (docs/requirements/platform-apis.md#google-business-profile),
  // Facebook characters.
  const maxLength = google ? GOOGLE_REPLY_MAX_BYTES : REPLY_MAX_LENGTH;
  const inFlight = useRef(false);
  /** The last submission that did not go through: its text and key, reused by a retry. */
  const attempt = useRef<{ message: string; key: string } | null>(null);
  const disabledReason = review.canReply ? null : tr('reply.cannotReply');
  const trimmed = message.trim();
  const size = google ? utf8Bytes(trimmed) : trimmed.length;
  const canSend = !disabledReason && trimmed.length > 0 && size <= maxLength && !reply.isPending && !((google || editCommentId) && trimmed === initial.trim());

  const role = useSessionStore((state) => state.userData?.role);
  const mayOverride = role === 'client_owner' || role === 'super_admin';
  const checkWarnings = replyCheckWarnings(reply.error);

  const ability = useAbility<AppAbility>();
  const mayUseTemplates = ability.can('read', SUBJECTS.replyTemplate);
  const templatesQuery = useReplyTemplates({ enabled: mayUseTemplates });
  const templates = templatesQuery.data?.data ?? [];
  /** A template picked while the field held text: it waits for the user's "Replace". */
  const [pendingTemplate, setPendingTemplate] = useState<TReplyTemplate | null>(null);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);

  /** A new text, typed or from a template. */
  const changeMessage = (text: string) => {
    setMessage(text);
    // The warnings were about the old text.
    if (checkWarnings) reply.reset();
  };
  const applyTemplate = (template: TReplyTemplate) => {
    setPendingTemplate(null);
    changeMessage(fillTemplate(template.body, { reviewerName: review.reviewer.name, outlet: review.outletName, brand: review.brandName }));
    // Straight into editing it.
    inputRef.current?.focus();
  };
  const pickTemplate = (id: string) => {
    const template = templates.find((candidate) => candidate.id === id);
    if (!template) return;
    // Text the user wrote is only replaced when they say so.
    if (message.trim() === '') applyTemplate(template);
    else setPendingTemplate(template);
  };

  const send = (sendAnyway = false) => {
    if (!canSend || inFlight.current) return;
    inFlight.current = true;
    // Sending anyway is another request body: a submission (and key) of its own.
    if (attempt.current?.message !== trimmed || sendAnyway) attempt.current = { message: trimmed, key: newIdempotencyKey() };
    const callbacks = {
      onSuccess: () => {
        attempt.current = null;
        setMessage('');
        onSent?.();
      },
      onSettled: () => {
        inFlight.current = false;
      },
    };
    const extra = { idempotencyKey: attempt.current.key, ...(sendAnyway ? { sendAnyway: true } : {}) };
    if (google) googleReply.mutate({ reviewId: review.id, comment: trimmed, ...extra }, callbacks);
    else if (editCommentId) fbEdit.mutate({ pageId: review.pageId ?? '', reviewId: review.id, commentId: editCommentId, message: trimmed, ...extra }, callbacks);
    else fbReply.mutate({ pageId: review.pageId ?? '', reviewId: review.id, message: trimmed, ...extra }, callbacks);
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
    <Box component="form" onSubmit={onSubmit} aria-label={tr('reply.title')} noValidate>
      {disabledReason && (
        <Alert severity="info" sx={{ mb: 1.5 }} id={helperId}>
          {disabledReason}
        </Alert>
      )}
      {/* Templates are a help: when they cannot be loaded, replying works as before. */}
      {mayUseTemplates && !disabledReason && !templatesQuery.isError && (
        <Box sx={{ mb: 1.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
          <NativeSelectField
            id={`reply-template-${review.id}`}
            label={tr('reply.template.label')}
            value=""
            onChange={(event) => pickTemplate(event.target.value)}
            htmlSelect={{ 'data-testid': 'reply-template', disabled: templates.length === 0 || reply.isPending }}
          >
            <option value="">
              {templatesQuery.isPending ? tr('reply.template.loading') : templates.length > 0 ? tr('reply.template.choose') : tr('reply.template.none')}
            </option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </NativeSelectField>
          {pendingTemplate && (
            <Box
              role="group"
              aria-label={tr('reply.template.label')}
              data-testid="reply-template-confirm"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="body2">{tr('reply.template.replaceQuestion', { name: pendingTemplate.name })}</Typography>
              <Button size="small" variant="contained" onClick={() => applyTemplate(pendingTemplate)} data-testid="reply-template-replace">
                {tr('reply.template.replace')}
              </Button>
              <Button size="small" onClick={() => setPendingTemplate(null)} data-testid="reply-template-keep">
                {tr('reply.template.keep')}
              </Button>
            </Box>
          )}
        </Box>
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
                {tr('replyCheck.sendAnyway')}
              </Button>
            )
          }
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {tr('replyCheck.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {checkWarnings.map((code) => (
              <li key={code} data-warning={code}>
                {tr(`replyCheck.${code}`)}
              </li>
            ))}
          </Box>
          {!mayOverride && <Typography variant="body2">{tr('replyCheck.askOwner')}</Typography>}
        </Alert>
      ) : (
        reply.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }} role="alert">
            {platformError(reply.error, t, tr)}
          </Alert>
        )
      )}
      <TextField
        id={`reply-input-${review.id}`}
        label={tr('reply.label')}
        placeholder={tr('reply.placeholder')}
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        value={message}
        onChange={(event) => changeMessage(event.target.value)}
        inputRef={inputRef}
        onKeyDown={onKeyDown}
        disabled={Boolean(disabledReason) || reply.isPending}
        slotProps={{
          htmlInput: {
            'data-testid': 'reply-input',
            maxLength,
            'aria-describedby': disabledReason ? helperId : undefined,
          },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', mt: 1, gap: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
          {tr('reply.counter', { count: google ? utf8Bytes(message) : message.length, max: maxLength })}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={!canSend}
          data-testid="reply-submit"
        >
          {reply.isPending ? tr('reply.sending') : tr('reply.send')}
        </Button>
      </Box>
    </Box>
  );
}
