/**
 * Confirmation before `DELETE /apps/invoice/delete?id=` (spec §7): names the invoice and the
 * client; Delete removes it, Cancel or Escape keeps it. A refused call keeps the dialog open.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useDeleteInvoice } from '../api/delete-invoice.ts';
import type { TInvoice } from '../schema.ts';

export interface DeleteInvoiceDialogProps {
  /** The invoice to delete; null closes the dialog. */
  invoice: TInvoice | null;
  onClose: () => void;
  onDeleted: (invoice: TInvoice) => void;
}

/** The delete confirmation (see the module comment). */
export function DeleteInvoiceDialog({ invoice, onClose, onDeleted }: DeleteInvoiceDialogProps) {
  const { t } = useTranslation('demo-invoice');
  const deleteInvoice = useDeleteInvoice();
  const close = () => {
    deleteInvoice.reset();
    onClose();
  };
  const confirm = () => {
    if (!invoice) return;
    deleteInvoice.mutate(invoice.id, {
      onSuccess: () => {
        deleteInvoice.reset();
        onDeleted(invoice);
      },
    });
  };
  return (
    <Dialog open={invoice !== null} onClose={close} aria-labelledby="invoice-delete-title" data-testid="invoice-delete-dialog">
      <DialogTitle id="invoice-delete-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.text', { id: invoice?.id ?? '', name: invoice?.client.name ?? '' })}</DialogContentText>
        {deleteInvoice.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('delete.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit">
          {t('actions.cancel')}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={deleteInvoice.isPending} data-testid="invoice-delete-confirm">
          {t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
