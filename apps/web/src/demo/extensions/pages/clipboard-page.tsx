/**
 * `/extensions/clipboard`: copy buttons with the browser's Clipboard API
 * (`navigator.clipboard.writeText`). A copy says so beside the button for a few seconds; when
 * the browser refuses (no permission, an insecure page, no API) the page says so, selects the
 * text in its field and tells the user to press Ctrl+C / ⌘C instead.
 */
import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

type CopyState = { status: 'idle' } | { status: 'copied'; field: string } | { status: 'refused'; field: string };

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  multiline?: boolean;
  state: CopyState;
  onCopy: (id: string, value: string, input: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

function CopyField({ id, label, value, onChange, multiline, state, onCopy }: CopyFieldProps) {
  const { t } = useTranslation('demo-extensions');
  const input = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const copied = state.status === 'copied' && state.field === id;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: multiline ? 'flex-start' : 'center' } }}>
      <TextField
        inputRef={input}
        label={label}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        slotProps={{ htmlInput: { readOnly: !onChange, 'data-testid': `clipboard-field-${id}` } }}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        fullWidth
        size="small"
      />
      <Button
        variant={copied ? 'contained' : 'outlined'}
        color={copied ? 'success' : 'primary'}
        startIcon={copied ? <Check /> : <ContentCopy />}
        onClick={() => onCopy(id, value, input.current)}
        aria-label={t('clipboard.copyLabel', { label })}
        sx={{ flexShrink: 0, minWidth: 120 }}
        data-testid={`clipboard-copy-${id}`}
      >
        {copied ? t('clipboard.copied') : t('clipboard.copy')}
      </Button>
    </Stack>
  );
}

/** The clipboard page (see the module comment). */
export default function ClipboardPage() {
  const { t } = useTranslation('demo-extensions');
  const [state, setState] = useState<CopyState>({ status: 'idle' });
  const [note, setNote] = useState(() => t('clipboard.noteValue'));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (field: string, value: string, input: HTMLInputElement | HTMLTextAreaElement | null) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No Clipboard API');
      await navigator.clipboard.writeText(value);
      setState({ status: 'copied', field });
      timer.current = setTimeout(() => setState({ status: 'idle' }), 3000);
    } catch {
      setState({ status: 'refused', field });
      input?.focus();
      input?.select();
    }
  };

  const fields = [
    { id: 'wifi', label: t('clipboard.wifi'), value: 'Trattoria-Guest-2026' },
    { id: 'link', label: t('clipboard.link'), value: 'https://dinedesk.example/book/trattoria-roma' },
  ];

  return (
    <ShowcasePage target="clipboard" subtitle={t('clipboard.lead')} testId="extensions-clipboard">
      <DemoCard title={t('clipboard.title')}>
        <Stack spacing={2}>
          {fields.map((field) => (
            <CopyField key={field.id} {...field} state={state} onCopy={(id, value, input) => void copy(id, value, input)} />
          ))}
          <CopyField id="note" label={t('clipboard.note')} value={note} onChange={setNote} multiline state={state} onCopy={(id, value, input) => void copy(id, value, input)} />
          <div role="status" aria-live="polite" data-testid="clipboard-status">
            {state.status === 'copied' && <Alert severity="success">{t('clipboard.copiedText')}</Alert>}
            {state.status === 'refused' && <Alert severity="warning">{t('clipboard.refused')}</Alert>}
          </div>
        </Stack>
      </DemoCard>
    </ShowcasePage>
  );
}
