/**
 * Confirmation before a Google location is unlinked from its outlet: unlinking
 * removes the location's stored Google reviews from DineDesk, so it is never one click. Loaded
 * on demand (google-connections.tsx): MUI's Dialog brings the Modal code, which the screen
 * needs only when an owner unlinks.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface GoogleUnlinkDialogProps {
  open: boolean;
  /** Title of the Google location and name of the outlet it is linked to. */
  location: string;
  outlet: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm dialog; the caller unlinks on `onConfirm` and closes it when that settles. */
export default function GoogleUnlinkDialog({ open, location, outlet, pending, onCancel, onConfirm }: GoogleUnlinkDialogProps) {
  const { t } = useTranslation('facebook');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={bodyId} data-testid="google-unlink-dialog">
      <DialogTitle id={titleId}>{t('google.unlinkTitle', { location })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('google.unlinkBody', { location, outlet })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} data-testid="google-unlink-cancel">
          {t('google.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending} data-testid="google-unlink-confirm">
          {t('google.unlink')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
