/**
 * The invoice demo app (docs/requirements/routes.md demo routes `/apps/invoice/list`, `preview`,
 * `edit`, `add`; docs/requirements/calls.md). It owns `/apps/invoice` and routes below it:
 * - `/apps/invoice/list`: the list; `/apps/invoice/add`: a new invoice;
 * - `/apps/invoice/preview/:id`, `/apps/invoice/edit/:id`: an invoice's preview and editor;
 * - `/apps/invoice/preview` and `/apps/invoice/edit` without an id (the global search's links)
 *   open the newest invoice; `/apps/invoice` and anything else go to the list.
 */
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useInvoices } from './api/get-invoices.ts';
import { InvoiceAdd, InvoiceEdit } from './components/invoice-editor.tsx';
import { InvoiceList } from './components/invoice-list.tsx';
import { InvoicePreview } from './components/invoice-preview.tsx';

/** Sends `/apps/invoice/<page>` to the newest invoice, or to the list when there is none. */
function NewestInvoice({ page }: { page: 'preview' | 'edit' }) {
  const { t } = useTranslation('demo-invoice');
  const newest = useInvoices({ perPage: 1 });
  if (newest.isPending) return <Skeleton variant="rounded" height={640} aria-label={t('preview.loading')} />;
  if (newest.isError) return <Alert severity="error">{t('list.loadFailed')}</Alert>;
  const invoice = newest.data.invoices[0];
  return <Navigate replace to={invoice ? `/apps/invoice/${page}/${invoice.id}` : '/apps/invoice/list'} />;
}

/** The invoices screen (see the module comment). */
export default function InvoiceApp() {
  const { t } = useTranslation('demo-invoice');
  useDocumentTitle(t('title'));
  return (
    <Routes>
      <Route path="/apps/invoice/list" element={<InvoiceList />} />
      <Route path="/apps/invoice/add" element={<InvoiceAdd />} />
      <Route path="/apps/invoice/preview" element={<NewestInvoice page="preview" />} />
      <Route path="/apps/invoice/preview/:id" element={<InvoicePreview />} />
      <Route path="/apps/invoice/edit" element={<NewestInvoice page="edit" />} />
      <Route path="/apps/invoice/edit/:id" element={<InvoiceEdit />} />
      <Route path="*" element={<Navigate replace to="/apps/invoice/list" />} />
    </Routes>
  );
}
