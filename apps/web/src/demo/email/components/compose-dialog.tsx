/**
 * The compose dialog: To, Cc and Bcc as address chips (typed addresses become chips
 * on Enter, comma or leaving the field; known correspondents are suggested), subject and
 * message. Send calls the documented demo call `POST /apps/email/send-email`, which files the
 * email in the sent folder. Escape or Discard closes it; full screen on phones.
 */
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendEmail } from '../api/send-email.ts';
import type { TEmailRecipient } from '../schema.ts';
import { parseRecipient, textToHtml } from './email-format.ts';

export interface ComposeDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once the mock has filed the email in sent. */
  onSent: () => void;
  /** Addresses to suggest, as `Name <address>`. */
  suggestions: readonly string[];
}

interface AddressFieldProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  suggestions: readonly string[];
  error?: string | undefined;
  testId: string;
  autoFocus?: boolean;
}

/** A list of addresses as chips; commas split what is typed or pasted. */
function AddressField({ label, value, onChange, suggestions, error, testId, autoFocus }: AddressFieldProps) {
  const [input, setInput] = useState('');
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      size="small"
      options={suggestions}
      value={value}
      inputValue={input}
      onInputChange={(_event, text) => {
        if (/[,;]/.test(text)) {
          const parts = text.split(/[,;]/);
          const rest = parts.pop() ?? '';
          const added = parts.map((part) => part.trim()).filter(Boolean);
          if (added.length > 0) onChange([...value, ...added]);
          setInput(rest);
        } else {
          setInput(text);
        }
      }}
      onChange={(_event, next) => onChange(next.map((item) => item.trim()).filter(Boolean))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}

const emptyDraft = { to: [] as string[], cc: [] as string[], bcc: [] as string[], subject: '', message: '' };

export function ComposeDialog({ open, onClose, onSent, suggestions }: ComposeDialogProps) {
  const { t } = useTranslation('demo-email');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const send = useSendEmail();
  const [draft, setDraft] = useState(emptyDraft);
  const [showCc, setShowCc] = useState(false);
  const [showBcc, setShowBcc] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const parse = (addresses: readonly string[]) => addresses.map((text) => ({ text, recipient: parseRecipient(text) }));
  const invalid = (addresses: readonly string[]) =>
    parse(addresses)
      .filter((entry) => !entry.recipient)
      .map((entry) => entry.text);
  const errorOf = (addresses: readonly string[], required: boolean): string | undefined => {
    if (!submitted) return undefined;
    const bad = invalid(addresses);
    if (bad.length > 0) return t('composer.invalid', { addresses: bad.join(', ') });
    if (required && addresses.length === 0) return t('composer.toRequired');
    return undefined;
  };
  const toError = errorOf(draft.to, true);
  const ccError = errorOf(draft.cc, false);
  const bccError = errorOf(draft.bcc, false);

  const reset = () => {
    setDraft(emptyDraft);
    setShowCc(false);
    setShowBcc(false);
    setSubmitted(false);
    send.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = () => {
    setSubmitted(true);
    if (draft.to.length === 0 || [draft.to, draft.cc, draft.bcc].some((list) => invalid(list).length > 0)) return;
    const recipients = (list: readonly string[]) => parse(list).flatMap((entry) => (entry.recipient ? [entry.recipient] : [])) satisfies TEmailRecipient[];
    send.mutate(
      {
        email: {
          to: recipients(draft.to),
          cc: recipients(draft.cc).map((person) => person.email),
          bcc: recipients(draft.bcc).map((person) => person.email),
          subject: draft.subject.trim(),
          message: textToHtml(draft.message),
        },
      },
      {
        onSuccess: () => {
          reset();
          onSent();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId} data-testid="email-compose-dialog">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box sx={{ flex: 1 }}>{t('composer.title')}</Box>
        <IconButton aria-label={t('composer.close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1 }}>
              <AddressField label={t('composer.to')} value={draft.to} onChange={(to) => setDraft({ ...draft, to })} suggestions={suggestions} error={toError} testId="email-compose-to" autoFocus />
            </Box>
            {!showCc && (
              <Button size="small" onClick={() => setShowCc(true)} sx={{ mt: 0.5, minWidth: 0 }}>
                {t('composer.cc')}
              </Button>
            )}
            {!showBcc && (
              <Button size="small" onClick={() => setShowBcc(true)} sx={{ mt: 0.5, minWidth: 0 }}>
                {t('composer.bcc')}
              </Button>
            )}
          </Box>
          {showCc && <AddressField label={t('composer.cc')} value={draft.cc} onChange={(cc) => setDraft({ ...draft, cc })} suggestions={suggestions} error={ccError} testId="email-compose-cc" />}
          {showBcc && <AddressField label={t('composer.bcc')} value={draft.bcc} onChange={(bcc) => setDraft({ ...draft, bcc })} suggestions={suggestions} error={bccError} testId="email-compose-bcc" />}
          <TextField
            size="small"
            label={t('composer.subject')}
            value={draft.subject}
            onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'email-compose-subject' } }}
          />
          <TextField
            label={t('composer.message')}
            multiline
            minRows={8}
            value={draft.message}
            onChange={(event) => setDraft({ ...draft, message: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'email-compose-message' } }}
          />
          {send.isError && (
            <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
              {t('toast.failed')}
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} color="inherit">
          {t('composer.discard')}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" endIcon={<SendIcon />} disabled={send.isPending} data-testid="email-compose-send">
          {t('composer.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
