/**
 * Add and edit an invoice (`/apps/invoice/add`, `/apps/invoice/edit/:id`): the client select
 * (docs/requirements/calls.md `GET /api/invoice/clients`, plus the invoice's own client when
 * editing), issue and due dates, item rows added and removed with the totals recomputed as you
 * type, and a note. Save validates (invoice-form.ts), stores through this app's add or update call
 * and opens the invoice's preview. A missing invoice shows "not found".
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useClients } from '../api/get-clients.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { useSaveInvoice } from '../api/save-invoice.ts';
import { balanceAmount } from '../balance.ts';
import type { TInvoice, TInvoiceClient } from '../schema.ts';
import { formatMoney, invoiceNumber, SELLER } from './invoice-format.ts';
import {
  emptyRow,
  formFromInvoice,
  formTotal,
  newInvoiceForm,
  newInvoiceFrom,
  updatedInvoiceFrom,
  validateInvoiceForm,
  type InvoiceFormErrors,
  type InvoiceFormValues,
  type ItemRow,
} from './invoice-form.ts';
import { InvoiceLoadProblem, useInvoiceIdParam } from './invoice-preview.tsx';

function EditorForm({ stored }: { stored: TInvoice | null }) {
  const { t, i18n } = useTranslation('demo-invoice');
  const navigate = useNavigate();
  const clients = useClients();
  const save = useSaveInvoice();
  const [form, setForm] = useState<InvoiceFormValues>(() => (stored ? formFromInvoice(stored) : newInvoiceForm()));
  const [submitted, setSubmitted] = useState(false);
  const errors: InvoiceFormErrors = submitted ? validateInvoiceForm(form) : {};
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const errorText = (path: string) => {
    const error = errors[path];
    return error ? t(`errors.${error}`) : undefined;
  };

  const options: TInvoiceClient[] = [...(clients.data ?? [])];
  if (form.client && !options.some((client) => client.companyEmail === form.client?.companyEmail)) options.unshift(form.client);
  const total = formTotal(form.items);
  const setRow = (key: number, changes: Partial<ItemRow>) => setForm((current) => ({ ...current, items: current.items.map((row) => (row.key === key ? { ...row, ...changes } : row)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const client = form.client;
    if (Object.keys(validateInvoiceForm(form)).length > 0 || !client) return;
    const invoice = stored ? updatedInvoiceFrom(stored, { ...form, client }) : newInvoiceFrom({ ...form, client });
    save.mutate(invoice, { onSuccess: (saved) => void navigate(`/apps/invoice/preview/${saved.id}`) });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="invoice-editor">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 9 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
                <Box>
                  <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700, mb: 1 }}>
                    {SELLER.name}
                  </Typography>
                  {SELLER.lines.map((line) => (
                    <Typography key={line} variant="body2" color="text.secondary">
                      {line}
                    </Typography>
                  ))}
                </Box>
                <Stack spacing={2} sx={{ minWidth: 240 }}>
                  <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                    {stored ? t('editor.editHeading', { number: invoiceNumber(stored.id) }) : t('editor.addHeading')}
                  </Typography>
                  <TextField
                    type="date"
                    size="small"
                    label={t('preview.dateIssued')}
                    value={form.issuedDate}
                    onChange={(event) => setForm({ ...form, issuedDate: event.target.value })}
                    error={Boolean(errors.issuedDate)}
                    helperText={errorText('issuedDate')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <TextField
                    type="date"
                    size="small"
                    label={t('preview.dueDate')}
                    value={form.dueDate}
                    onChange={(event) => setForm({ ...form, dueDate: event.target.value })}
                    error={Boolean(errors.dueDate)}
                    helperText={errorText('dueDate')}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Stack>
              </Box>
              <Divider sx={{ my: 3 }} />
              <Grid container spacing={3}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('editor.client')}
                    value={form.client?.companyEmail ?? ''}
                    onChange={(event) => setForm({ ...form, client: options.find((client) => client.companyEmail === event.target.value) ?? null })}
                    error={Boolean(errors.client)}
                    helperText={errorText('client') ?? (clients.isError ? t('editor.clientsFailed') : undefined)}
                    disabled={clients.isPending && options.length === 0}
                    data-testid="invoice-client-select"
                  >
                    {options.map((client) => (
                      <MenuItem key={client.companyEmail} value={client.companyEmail}>
                        {client.name} · {client.company}
                      </MenuItem>
                    ))}
                  </TextField>
                  {form.client && (
                    <Box sx={{ mt: 1.5 }} data-testid="invoice-client-details">
                      {[form.client.company, form.client.address, form.client.country, form.client.contact, form.client.companyEmail].map((line) => (
                        <Typography key={line} variant="body2" color="text.secondary">
                          {line}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField fullWidth multiline minRows={3} label={t('preview.note')} value={form.note} placeholder={t('preview.defaultNote')} onChange={(event) => setForm({ ...form, note: event.target.value })} />
                </Grid>
              </Grid>
            </CardContent>
            <Divider />
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                {t('items.title')}
              </Typography>
              <Stack spacing={2} data-testid="invoice-item-rows">
                {form.items.map((row, index) => (
                  <Box key={row.key} role="group" aria-label={t('editor.row', { number: index + 1 })} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 2fr 1fr 0.7fr 1fr auto' }, alignItems: 'start', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="invoice-item-row">
                    <TextField size="small" label={t('items.item')} value={row.name} onChange={(event) => setRow(row.key, { name: event.target.value })} error={Boolean(errors[`items.${index}.name`])} helperText={errorText(`items.${index}.name`)} required />
                    <TextField size="small" label={t('items.description')} value={row.description} onChange={(event) => setRow(row.key, { description: event.target.value })} />
                    <TextField size="small" type="number" label={t('items.cost')} value={row.cost} onChange={(event) => setRow(row.key, { cost: event.target.value })} error={Boolean(errors[`items.${index}.cost`])} helperText={errorText(`items.${index}.cost`)} slotProps={{ htmlInput: { min: 0, step: 0.01 } }} required />
                    <TextField size="small" type="number" label={t('items.qty')} value={row.qty} onChange={(event) => setRow(row.key, { qty: event.target.value })} error={Boolean(errors[`items.${index}.qty`])} helperText={errorText(`items.${index}.qty`)} slotProps={{ htmlInput: { min: 1, step: 1 } }} required />
                    <Box sx={{ alignSelf: 'center' }}>
                      <Typography variant="caption" color="text.secondary" component="p">
                        {t('items.price')}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-row-total">
                        {money(formTotal([row]))}
                      </Typography>
                    </Box>
                    <IconButton
                      aria-label={t('editor.removeRow', { number: index + 1 })}
                      onClick={() => setForm({ ...form, items: form.items.filter((candidate) => candidate.key !== row.key) })}
                      disabled={form.items.length === 1}
                      sx={{ alignSelf: 'center' }}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
              <Button startIcon={<Add />} onClick={() => setForm({ ...form, items: [...form.items, emptyRow()] })} sx={{ mt: 2 }} data-testid="invoice-add-row">
                {t('editor.addItem')}
              </Button>
              <Divider sx={{ my: 3 }} />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Box component="table" sx={{ borderCollapse: 'collapse' }} data-testid="invoice-editor-totals">
                  <tbody>
                    <tr>
                      <Typography component="td" variant="body2" color="text.secondary" sx={{ pr: 3 }}>
                        {t('totals.subtotal')}
                      </Typography>
                      <Typography component="td" variant="body2" sx={{ fontWeight: 600 }}>
                        {money(total)}
                      </Typography>
                    </tr>
                    <tr>
                      <Typography component="td" variant="body1" sx={{ pr: 3, fontWeight: 600 }}>
                        {t('totals.total')}
                      </Typography>
                      <Typography component="td" variant="body1" sx={{ fontWeight: 700 }} data-testid="invoice-editor-total">
                        {money(total)}
                      </Typography>
                    </tr>
                    {stored && (
                      <tr>
                        <Typography component="td" variant="body2" color="text.secondary" sx={{ pr: 3 }}>
                          {t('totals.balance')}
                        </Typography>
                        <Typography component="td" variant="body2">
                          {money(balanceAmount(stored.balance) + total - stored.total)}
                        </Typography>
                      </tr>
                    )}
                  </tbody>
                </Box>
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Card sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
            <CardContent>
              <Stack spacing={1.5}>
                {save.isError && <Alert severity="error">{t('editor.failed')}</Alert>}
                {submitted && Object.keys(errors).length > 0 && <Alert severity="warning">{t('editor.fixErrors')}</Alert>}
                <Button type="submit" variant="contained" disabled={save.isPending} fullWidth data-testid="invoice-save">
                  {t('editor.save')}
                </Button>
                {stored && (
                  <Button variant="outlined" component={RouterLink} to={`/apps/invoice/preview/${stored.id}`} fullWidth>
                    {t('actions.preview')}
                  </Button>
                )}
                <Button color="inherit" component={RouterLink} to="/apps/invoice/list" fullWidth>
                  {t('actions.cancel')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}

/** The add screen. */
export function InvoiceAdd() {
  return <EditorForm stored={null} />;
}

/** The edit screen: loads the invoice, then the form. */
export function InvoiceEdit() {
  const { t } = useTranslation('demo-invoice');
  const id = useInvoiceIdParam();
  const detail = useInvoice(id);
  if (id === null) return <InvoiceLoadProblem error={new DemoRequestError('No such invoice', 404)} onRetry={() => undefined} />;
  if (detail.isPending) return <Skeleton variant="rounded" height={640} aria-label={t('preview.loading')} />;
  if (detail.isError) return <InvoiceLoadProblem error={detail.error} onRetry={() => void detail.refetch()} />;
  return <EditorForm key={detail.data.invoice.id} stored={detail.data.invoice} />;
}
