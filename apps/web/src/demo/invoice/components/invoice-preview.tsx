/**
 * An invoice's preview (`/apps/invoice/preview/:id`; docs/requirements/calls.md `GET
 * /api/invoice/invoices/{id}`): the printable sheet (invoice-sheet.tsx) and the side actions Send
 * Invoice, Download (a PDF, pdfmake loaded on click), Print, Edit and Add Payment. Print uses the
 * browser's dialog; the `@media print` rules below hide the app's shell, the sidebar and the
 * actions so only the sheet is printed. A missing invoice shows "not found" with a way back to the
 * list.
 */
import AttachMoneyOutlined from '@mui/icons-material/AttachMoneyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ListError } from '../../../components/list-state.tsx';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { AddPaymentDialog, SendInvoiceDialog } from './invoice-dialogs.tsx';
import { InvoiceSheet } from './invoice-sheet.tsx';
import { useInvoiceDownload } from './use-invoice-download.ts';

/**
 * Print only the sheet: everything is hidden, then the sheet (and what is inside it) shown
 * again at the top left of the page, without the card's shadow.
 */
const PRINT_STYLES = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    '[data-invoice-print], [data-invoice-print] *': { visibility: 'visible' },
    '[data-invoice-print]': { position: 'absolute', left: 0, top: 0, width: '100%', boxShadow: 'none !important', border: 'none !important' },
    '@page': { margin: '12mm' },
  },
} as const;

/** The route's `:id` as an invoice id, or null. */
export function useInvoiceIdParam(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** "Not found" for a missing invoice, else the error with Retry. */
export function InvoiceLoadProblem({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation('demo-invoice');
  if (error instanceof DemoRequestError && error.status === 404) {
    return (
      <Alert
        severity="warning"
        data-testid="invoice-not-found"
        action={
          <Button component={RouterLink} to="/apps/invoice/list" color="inherit" size="small">
            {t('preview.backToList')}
          </Button>
        }
      >
        {t('preview.notFound')}
      </Alert>
    );
  }
  return <ListError error={error} onRetry={onRetry} />;
}

/** The preview screen (see the module comment). */
export function InvoicePreview() {
  const { t } = useTranslation('demo-invoice');
  const id = useInvoiceIdParam();
  const detail = useInvoice(id);
  const [dialog, setDialog] = useState<'send' | 'payment' | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const { download, busyId } = useInvoiceDownload(() => setToast(t('download.failed')));

  if (id === null) return <InvoiceLoadProblem error={new DemoRequestError('No such invoice', 404)} onRetry={() => undefined} />;
  if (detail.isPending) {
    return (
      <Grid container spacing={3} aria-busy="true" aria-label={t('preview.loading')}>
        <Grid size={{ xs: 12, md: 9 }}>
          <Skeleton variant="rounded" height={720} />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Skeleton variant="rounded" height={280} />
        </Grid>
      </Grid>
    );
  }
  if (detail.isError) return <InvoiceLoadProblem error={detail.error} onRetry={() => void detail.refetch()} />;

  const { invoice, paymentDetails } = detail.data;
  const done = (message: string) => {
    setDialog(null);
    setToast(message);
  };

  return (
    <Grid container spacing={3} data-testid="invoice-preview">
      <GlobalStyles styles={PRINT_STYLES} />
      <Grid size={{ xs: 12, md: 9 }}>
        <InvoiceSheet invoice={invoice} paymentDetails={paymentDetails} />
      </Grid>
      <Grid size={{ xs: 12, md: 3 }}>
        <Card component="aside" aria-label={t('preview.actions')} sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
          <CardContent>
            <Stack spacing={1.5}>
              <Button variant="contained" startIcon={<SendOutlined />} onClick={() => setDialog('send')} fullWidth>
                {t('actions.send')}
              </Button>
              <Button
                variant="outlined"
                startIcon={busyId === invoice.id ? <CircularProgress size={18} /> : <DownloadOutlined />}
                disabled={busyId !== null}
                onClick={() => void download(invoice, paymentDetails)}
                fullWidth
                data-testid="invoice-download"
              >
                {t('actions.download')}
              </Button>
              <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()} fullWidth data-testid="invoice-print">
                {t('actions.print')}
              </Button>
              <Button variant="outlined" startIcon={<EditOutlined />} component={RouterLink} to={`/apps/invoice/edit/${invoice.id}`} fullWidth>
                {t('actions.edit')}
              </Button>
              <Button variant="contained" color="success" startIcon={<AttachMoneyOutlined />} onClick={() => setDialog('payment')} fullWidth data-testid="invoice-add-payment">
                {t('actions.addPayment')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      {dialog === 'send' && <SendInvoiceDialog open invoice={invoice} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'payment' && <AddPaymentDialog open invoice={invoice} onClose={() => setDialog(null)} onDone={done} />}
      <Snackbar open={toast !== null} autoHideDuration={4000} onClose={() => setToast(null)} message={toast ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Grid>
  );
}
