/**
 * Reply composer: a multiline text (Enter sends, Shift+Enter starts a new line) and an image
 * given by URL. One press of Send is one *user send*: the image goes first, then the text, each
 * its own request (the API takes exactly one per request).
 *
 * Idempotency (docs/requirements/quality-goals.md#reliability): each part gets an
 * Idempotency-Key when first attempted and keeps it while its content is unchanged, so pressing
 * Send (or Retry) again after a failure repeats the *same* send and the server posts it at most
 * once. A part that went through is cleared, so a retry only repeats what failed. A send in
 * flight blocks another at once (a ref, not state), so a double Enter or click sends once.
 */
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGE_TEXT_MAX, ZSendMessageRequest } from '@dinedesk/contracts';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import type { ConversationRef } from '../api/keys.ts';
import { newIdempotencyKey, useSendMessage } from '../api/send-message.ts';
import { useInboxT } from '../inbox-t.ts';

interface Attempt {
  content: string;
  key: string;
}

/** Errors worth a Retry button: the send may not have happened, or may work in a moment. */
function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 503 || error.status >= 500);
}

export interface ComposerProps {
  conversation: ConversationRef;
  /** Why replying is not possible now (window closed, page not connected); null when it is. */
  disabledReason: string | null;
  /** A hint shown above the input while replying is possible (e.g. the HUMAN_AGENT tag). */
  hint?: string | null;
  /** Called after a send went through, e.g. to scroll the thread to the bottom. */
  onSent?: () => void;
}

export function Composer({ conversation, disabledReason, hint = null, onSent }: ComposerProps) {
  const { t } = useInboxT();
  const { t: appT } = useTranslation();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const attempts = useRef<{ text?: Attempt; image?: Attempt }>({});
  // Set synchronously, so a second Enter or click before React re-renders is ignored.
  const inFlight = useRef(false);
  const ids = useId();

  const trimmedText = text.trim();
  const trimmedUrl = imageUrl.trim();
  const urlError = trimmedUrl !== '' && !ZSendMessageRequest.safeParse({ imageUrl: trimmedUrl }).success;
  const tooLong = trimmedText.length > MESSAGE_TEXT_MAX;
  const disabled = disabledReason !== null;
  const canSend = !disabled && !busy && (trimmedText !== '' || trimmedUrl !== '') && !urlError && !tooLong;

  /** The key of this content's previous attempt, or a new key for new content. */
  const keyFor = (part: 'text' | 'image', content: string): string => {
    const previous = attempts.current[part];
    if (previous && previous.content === content) return previous.key;
    const key = newIdempotencyKey();
    attempts.current[part] = { content, key };
    return key;
  };

  const submit = async () => {
    if (!canSend || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      if (trimmedUrl) {
        await send.mutateAsync({ ...conversation, part: { imageUrl: trimmedUrl }, idempotencyKey: keyFor('image', trimmedUrl) });
        delete attempts.current.image;
        setImageUrl((current) => (current.trim() === trimmedUrl ? '' : current));
      }
      if (trimmedText) {
        await send.mutateAsync({ ...conversation, part: { text: trimmedText }, idempotencyKey: keyFor('text', trimmedText) });
        delete attempts.current.text;
        setText((current) => (current.trim() === trimmedText ? '' : current));
      }
      onSent?.();
    } catch (caught) {
      setError(caught);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const hintId = `${ids}-hint`;
  const reasonId = `${ids}-reason`;
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      aria-label={t('composer.label')}
      noValidate
      sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {disabledReason && (
        <Alert severity="info" id={reasonId} data-testid="composer-disabled">
          {disabledReason}
        </Alert>
      )}
      {!disabledReason && hint && (
        <Typography id={hintId} variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
      {error !== null && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setError(null)}
          action={
            isRetryable(error) ? (
              <Button color="inherit" size="small" onClick={() => void submit()} disabled={!canSend}>
                {t('composer.retry')}
              </Button>
            ) : undefined
          }
        >
          {describeError(error, appT)}
        </Alert>
      )}
      <TextField
        id={`${ids}-text`}
        multiline
        minRows={1}
        maxRows={6}
        fullWidth
        size="small"
        placeholder={t('composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        error={tooLong}
        helperText={tooLong ? t('composer.tooLong', { max: MESSAGE_TEXT_MAX }) : undefined}
        slotProps={{
          htmlInput: {
            'data-testid': 'composer-input',
            'aria-label': t('composer.inputLabel'),
            'aria-describedby': disabledReason ? reasonId : hint ? hintId : undefined,
            enterKeyHint: 'send',
          },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          id={`${ids}-image`}
          size="small"
          type="url"
          fullWidth
          label={t('composer.imageUrl')}
          placeholder="https://"
          value={imageUrl}
          onChange={(event) => setImageUrl(event.target.value)}
          disabled={disabled}
          error={urlError}
          helperText={urlError ? t('composer.imageUrlInvalid') : undefined}
          slotProps={{
            htmlInput: { 'data-testid': 'composer-image-url', inputMode: 'url' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <AddPhotoAlternateOutlinedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          endIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          disabled={!canSend}
          data-testid="composer-send"
          sx={{ flexShrink: 0, minHeight: 40, ml: { xs: 'auto', sm: 0 } }}
        >
          {busy ? t('composer.sending') : t('composer.send')}
        </Button>
      </Box>
    </Box>
  );
}
