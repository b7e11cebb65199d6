/**
 * The preview's two dialogs:
 * - Send Invoice: from, to, subject and message, prefilled; Send marks a draft as Sent (the mock
 *   sends no mail) and says so;
 * - Add Payment: amount (more than 0, at most the balance), date, method and note; it lowers the
 *   balance and sets the status to Paid or Partial Payment (docs/requirements/states.md statuses).
 * Both save through this app's update call (api/save-invoice.ts) and close on Escape or Cancel.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveInvoice } from '../api/save-invoice.ts';
import { balanceAmount, roundCents } from '../balance.ts';
import type { TInvoice } from '../schema.ts';
import { formatMoney, invoiceNumber, SELLER } from './invoice-format.ts';

export const PAYMENT_METHODS = ['cash', 'bankTransfer', 'debitCard', 'creditCard', 'paypal'] as const;

/** The invoice after a payment of `amount` dollars. */
export function withPayment(invoice: TInvoice, amount: number): TInvoice {
  const balance = roundCents(balanceAmount(invoice.balance) - amount);
  return { ...invoice, balance, invoiceStatus: balance <= 0 ? 'Paid' : 'Partial Payment' };
}

interface DialogProps {
  open: boolean;
  invoice: TInvoice;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Send Invoice (see the module comment). */
export function SendInvoiceDialog({ open, invoice, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('demo-invoice');
  const save = useSaveInvoice();
  const [to, setTo] = useState(invoice.client.companyEmail);
  const [subject, setSubject] = useState(t('send.subjectValue', { id: invoice.id }));
  const [message, setMessage] = useState(t('send.messageValue', { name: invoice.client.name, id: invoice.id }));
  const [submitted, setSubmitted] = useState(false);
  const toInvalid = !z.email().safeParse(to.trim()).success;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (toInvalid) return;
    const done = () => onDone(t('send.done', { email: to.trim() }));
    if (invoice.invoiceStatus === 'Draft') save.mutate({ ...invoice, invoiceStatus: 'Sent' }, { onSuccess: done });
    else done();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invoice-send-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invoice-send-title">{t('send.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {save.isError && <Alert severity="error">{t('send.failed')}</Alert>}
            <TextField label={t('send.from')} value={SELLER.email} slotProps={{ input: { readOnly: true } }} />
            <TextField
              label={t('send.to')}
              type="email"
              required
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={submitted && toInvalid}
              helperText={submitted && toInvalid ? t('errors.email') : undefined}
            />
            <TextField label={t('send.subject')} value={subject} onChange={(event) => setSubject(event.target.value)} />
            <TextField label={t('send.message')} value={message} onChange={(event) => setMessage(event.target.value)} multiline minRows={5} />
            <Alert severity="info" variant="outlined">
              {t('send.attachment', { number: invoiceNumber(invoice.id) })}
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('send.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Add Payment (see the module comment). */
export function AddPaymentDialog({ open, invoice, onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation('demo-invoice');
  const save = useSaveInvoice();
  const due = Math.max(0, balanceAmount(invoice.balance));
  const [amount, setAmount] = useState(due > 0 ? String(due) : '');
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [method, setMethod] = useState<(typeof PAYMENT_METHODS)[number]>('bankTransfer');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const value = Number(amount);
  const amountError = !(value > 0) ? 'amountPositive' : value > due ? 'amountTooHigh' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amountError || date === '') return;
    save.mutate(withPayment(invoice, value), { onSuccess: () => onDone(t('payment.done', { amount: formatMoney(value, i18n.language) })) });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invoice-payment-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invoice-payment-title">{t('payment.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {due === 0 && <Alert severity="success">{t('payment.nothingDue')}</Alert>}
            {save.isError && <Alert severity="error">{t('payment.failed')}</Alert>}
            <TextField
              label={t('payment.amount')}
              type="number"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={submitted && amountError !== null}
              helperText={submitted && amountError ? t(`errors.${amountError}`, { amount: formatMoney(due, i18n.language) }) : t('payment.balance', { amount: formatMoney(due, i18n.language) })}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: 0.01, 'data-testid': 'invoice-payment-amount' } }}
            />
            <TextField label={t('payment.date')} type="date" required value={date} onChange={(event) => setDate(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField select label={t('payment.method')} value={method} onChange={(event) => setMethod(event.target.value as (typeof PAYMENT_METHODS)[number])}>
              {PAYMENT_METHODS.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`payment.methods.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('payment.note')} value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending || due === 0} data-testid="invoice-payment-submit">
            {t('payment.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
