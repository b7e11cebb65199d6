/**
 * The printable invoice (the preview's main card): seller, status and dates, client and payment
 * details, the items, the totals and the note. It carries `data-invoice-print`, which the
 * preview's print stylesheet keeps while hiding everything else.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceAmount } from '../balance.ts';
import type { TInvoice, TPaymentDetails } from '../schema.ts';
import { formatInvoiceDate, formatMoney, invoiceNumber, SELLER } from './invoice-format.ts';
import { STATUS_STYLE, statusKey } from './invoice-status.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="tr">
      <Typography component="td" variant="body2" color="text.secondary" sx={{ pr: 3, py: 0.25 }}>
        {label}
      </Typography>
      <Typography component="td" variant="body2" sx={{ fontWeight: 600, py: 0.25 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The invoice sheet (see the module comment). */
export function InvoiceSheet({ invoice, paymentDetails }: { invoice: TInvoice; paymentDetails: TPaymentDetails }) {
  const { t, i18n } = useTranslation('demo-invoice');
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, language);
  return (
    <Card data-invoice-print data-testid="invoice-sheet">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
              <ReceiptLongOutlined color="primary" aria-hidden />
              <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700 }}>
                {SELLER.name}
              </Typography>
            </Box>
            {SELLER.lines.map((line) => (
              <Typography key={line} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Box>
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="invoice-title">
                {t('preview.heading', { number: invoiceNumber(invoice.id) })}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_STYLE[invoice.invoiceStatus].color}
                label={t(`statuses.${statusKey(invoice.invoiceStatus)}`)}
                data-testid="invoice-status-chip"
              />
            </Box>
            <Box component="table" sx={{ borderCollapse: 'collapse' }}>
              <tbody>
                <Row label={t('preview.dateIssued')}>{formatInvoiceDate(invoice.issuedDate, language)}</Row>
                <Row label={t('preview.dueDate')}>{formatInvoiceDate(invoice.dueDate, language)}</Row>
              </tbody>
            </Box>
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('preview.invoiceTo')}
            </Typography>
            {[invoice.client.name, invoice.client.company, invoice.client.address, invoice.client.country, invoice.client.contact, invoice.client.companyEmail].map((line) => (
              <Typography key={line} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('preview.paymentDetails')}
            </Typography>
            <Box component="table" sx={{ borderCollapse: 'collapse' }}>
              <tbody>
                <Row label={t('preview.totalDue')}>{money(paymentDetails.totalDue)}</Row>
                <Row label={t('preview.bankName')}>{paymentDetails.bankName}</Row>
                <Row label={t('preview.country')}>{paymentDetails.country}</Row>
                <Row label={t('preview.iban')}>{paymentDetails.iban}</Row>
                <Row label={t('preview.swiftCode')}>{paymentDetails.swiftCode}</Row>
              </tbody>
            </Box>
          </Grid>
        </Grid>
      </CardContent>
      <TableContainer>
        <Table aria-label={t('items.title')} data-testid="invoice-items">
          <TableHead>
            <TableRow>
              <TableCell>{t('items.item')}</TableCell>
              <TableCell align="right">{t('items.cost')}</TableCell>
              <TableCell align="right">{t('items.qty')}</TableCell>
              <TableCell align="right">{t('items.price')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.items.map((item, index) => (
              <TableRow key={`${item.name}-${index}`}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {item.description}
                  </Typography>
                </TableCell>
                <TableCell align="right">{money(item.cost)}</TableCell>
                <TableCell align="right">{item.qty}</TableCell>
                <TableCell align="right">{money(item.cost * item.qty)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Box component="table" sx={{ borderCollapse: 'collapse' }} data-testid="invoice-totals">
            <tbody>
              <Row label={t('totals.subtotal')}>{money(invoice.total)}</Row>
              <Row label={t('totals.total')}>{money(invoice.total)}</Row>
              <Row label={t('totals.balance')}>{money(balanceAmount(invoice.balance))}</Row>
            </tbody>
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('preview.note')}:{' '}
          </Box>
          {invoice.note?.trim() || t('preview.defaultNote')}
        </Typography>
      </CardContent>
    </Card>
  );
}
