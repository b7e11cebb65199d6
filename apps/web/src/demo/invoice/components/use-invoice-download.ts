/**
 * The Download action of the list and the preview: fetches the invoice's payment details when
 * the caller has none, then builds and downloads the PDF (invoice-pdf.ts, pdfmake loaded on
 * first use). Reports failures through `onError`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceQueryOptions } from '../api/get-invoice.ts';
import { balanceAmount } from '../balance.ts';
import type { TInvoice, TPaymentDetails } from '../schema.ts';
import { formatInvoiceDate, formatMoney, SELLER } from './invoice-format.ts';

/** `download(invoice, paymentDetails?)` and the id being downloaded, if any. */
export function useInvoiceDownload(onError: () => void) {
  const { t, i18n } = useTranslation('demo-invoice');
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);

  const download = async (invoice: TInvoice, known?: TPaymentDetails) => {
    setBusyId(invoice.id);
    try {
      const paymentDetails = known ?? (await queryClient.fetchQuery(invoiceQueryOptions(invoice.id))).paymentDetails;
      const { downloadInvoicePdf } = await import('../invoice-pdf.ts');
      const language = i18n.language;
      await downloadInvoicePdf({
        invoice,
        paymentDetails,
        seller: SELLER,
        balance: balanceAmount(invoice.balance),
        money: (amount) => formatMoney(amount, language),
        date: (iso) => formatInvoiceDate(iso, language),
        texts: {
          title: t('pdf.title'),
          dateIssued: t('preview.dateIssued'),
          dueDate: t('preview.dueDate'),
          invoiceTo: t('preview.invoiceTo'),
          paymentDetails: t('preview.paymentDetails'),
          totalDue: t('preview.totalDue'),
          bankName: t('preview.bankName'),
          country: t('preview.country'),
          iban: t('preview.iban'),
          swiftCode: t('preview.swiftCode'),
          item: t('items.item'),
          description: t('items.description'),
          cost: t('items.cost'),
          qty: t('items.qty'),
          price: t('items.price'),
          subtotal: t('totals.subtotal'),
          total: t('totals.total'),
          balance: t('totals.balance'),
          note: t('preview.note'),
          defaultNote: t('preview.defaultNote'),
        },
      });
    } catch {
      onError();
    } finally {
      setBusyId(null);
    }
  };

  return { download, busyId };
}
