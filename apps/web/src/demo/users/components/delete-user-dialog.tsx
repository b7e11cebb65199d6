/**
 * Confirmation before `DELETE /apps/users/delete?id=` (docs/requirements/calls.md): names the user;
 * Delete removes them, Cancel or Escape keeps them. A refused call shows why and keeps the dialog
 * open.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
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
  return (
    <ConfirmDeleteDialog
      item={user}
      mutation={deleteUser}
      onClose={onClose}
      onDeleted={onDeleted}
      name="user"
      labels={{ title: t('delete.title'), text: t('delete.text', { name: user?.fullName ?? '' }), failed: t('delete.failed'), cancel: t('actions.cancel'), delete: t('actions.delete') }}
    />
  );
}
