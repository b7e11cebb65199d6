/**
 * A "sweet alert" built on MUI Dialog (no extra package): a large coloured icon, a title, a
 * message and one or two buttons, centred. Esc and the backdrop cancel; the confirm button has
 * the initial focus so Enter confirms.
 */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useId } from 'react';

export type SweetAlertKind = 'success' | 'error' | 'warning' | 'info';

const ICONS = { success: CheckCircleOutline, error: ErrorOutline, warning: WarningAmber, info: InfoOutlined } as const;

export interface SweetAlertProps {
  open: boolean;
  kind: SweetAlertKind;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  /** With a cancel label the alert asks (two buttons); without, it only tells. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The alert dialog (see the module comment). */
export function SweetAlertDialog({ open, kind, title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: SweetAlertProps) {
  const id = useId();
  const Icon = ICONS[kind];
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="sweet-alert"
      data-kind={kind}
    >
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Icon color={kind} sx={{ fontSize: 88 }} aria-hidden />
        <DialogTitle id={`${id}-title`} sx={{ px: 0, pb: 1 }}>
          {title}
        </DialogTitle>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
        <Button variant="contained" color={kind === 'warning' ? 'primary' : kind} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
        {cancelLabel && (
          <Button variant="outlined" color="inherit" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
