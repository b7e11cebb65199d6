/**
 * Confirmation before `DELETE /apps/users/delete?id=` (spec §7): names the user; Delete removes
 * them, Cancel or Escape keeps them. A refused call shows why and keeps the dialog open.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useDeleteUser } from '../api/delete-user.ts';
import type { TUser } from '../schema.ts';

export interface DeleteUserDialogProps {
  /** The user to delete; null closes the dialog. */
  user: TUser | null;
  onClose: () => void;
  onDeleted: (user: TUser) => void;
}

/** The delete confirmation (see the module comment). */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const { t } = useTranslation('demo-users');
  const deleteUser = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        deleteUser.reset();
        onDeleted(user);
      },
    });
  };
  const close = () => {
    deleteUser.reset();
    onClose();
  };
  return (
    <Dialog open={user !== null} onClose={close} aria-labelledby="user-delete-title" data-testid="user-delete-dialog">
      <DialogTitle id="user-delete-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.text', { name: user?.fullName ?? '' })}</DialogContentText>
        {deleteUser.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('delete.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t('actions.cancel')}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={deleteUser.isPending} data-testid="user-delete-confirm">
          {t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
