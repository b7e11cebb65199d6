/**
 * The confirmation before a demo record is deleted (users, invoices; docs/requirements/calls.md
 * delete calls): names the record; Delete runs the delete call, Cancel or Escape keeps it; a
 * refused call says so and keeps the dialog open. The area supplies the words and its delete
 * mutation.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The part of a TanStack `useMutation` result deleting by numeric id that the dialog uses. */
export interface DeleteMutation {
  mutate(id: number, options: { onSuccess: () => void }): void;
  reset(): void;
  isError: boolean;
  isPending: boolean;
}

export interface ConfirmDeleteDialogProps<T extends { id: number }> {
  /** The record to delete; null closes the dialog. */
  item: T | null;
  mutation: DeleteMutation;
  onClose: () => void;
  onDeleted: (item: T) => void;
  /** Prefix of the test ids and the title's id, e.g. `user` → `user-delete-dialog`. */
  name: string;
  labels: { title: string; text: string; failed: string; cancel: string; delete: string };
}

export function ConfirmDeleteDialog<T extends { id: number }>({ item, mutation, onClose, onDeleted, name, labels }: ConfirmDeleteDialogProps<T>) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (!item) return;
    mutation.mutate(item.id, {
      onSuccess: () => {
        mutation.reset();
        onDeleted(item);
      },
    });
  };
  return (
    <Dialog open={item !== null} onClose={close} aria-labelledby={`${name}-delete-title`} data-testid={`${name}-delete-dialog`}>
      <DialogTitle id={`${name}-delete-title`}>{labels.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{labels.text}</DialogContentText>
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {labels.failed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {labels.cancel}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={mutation.isPending} data-testid={`${name}-delete-confirm`}>
          {labels.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
