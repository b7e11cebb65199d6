/**
 * Confirmation before `DELETE /apps/invoice/delete?id=` (docs/requirements/calls.md): names the
 * invoice and the client; Delete removes it, Cancel or Escape keeps it. A refused call keeps the
 * dialog open.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
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
  return (
    <ConfirmDeleteDialog
      item={invoice}
      mutation={deleteInvoice}
      onClose={onClose}
      onDeleted={onDeleted}
      name="invoice"
      labels={{ title: t('delete.title'), text: t('delete.text', { id: invoice?.id ?? '', name: invoice?.client.name ?? '' }), failed: t('delete.failed'), cancel: t('actions.cancel'), delete: t('actions.delete') }}
    />
  );
}
