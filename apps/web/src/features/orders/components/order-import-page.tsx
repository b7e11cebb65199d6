/**
 * Order import (/apps/business-overview/order-import; docs/decisions/0036):
 * choose the outlet and the file's shape (the London export, or the generic shape with a
 * column-mapping step read from the file's header), upload with a progress bar, then follow the
 * import job's status; a rejected file offers its validation report (row, column, problem) as a
 * CSV download. The outlet's earlier imports are listed under it.
 *
 * For `update BusinessOverview` (owners); the route guard says so to anyone else.
 */
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GENERIC_FIELDS, ORDER_IMPORT_MAX_BYTES, REQUIRED_GENERIC_FIELDS, type TColumnMapping, type TGenericField, type TOrderImport } from '@dinedesk/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportJobProgress, UploadFeedback } from '../../../components/import-job.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { OutletSelect } from '../../../components/outlet-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { describeError } from '../../../lib/errors.ts';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import { guessColumn, readCsvHead } from '../api/csv-header.ts';
import { downloadReport, importKeys, isDone, uploadOrders, useImportOutlets, useImports, useImportStatus } from '../api/imports.ts';

const MIB = 1024 * 1024;

function ImportStatus({ id }: { id: string }) {
  const { t, i18n } = useTranslation('orders');
  const { t: appT } = useTranslation();
  const queryClient = useQueryClient();
  const status = useImportStatus(id);
  const imp = status.data;
  const done = imp ? isDone(imp) : false;
  useEffect(() => {
    if (done && imp) void queryClient.invalidateQueries({ queryKey: importKeys.all });
  }, [done, imp, queryClient]);
  if (status.isError) return <ListError error={status.error} onRetry={() => void status.refetch()} />;
  if (!imp) return <LinearProgress aria-label={appT('common.loading')} />;
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <ImportJobProgress testId="import-status" status={imp.status} line={`${t(`status.${imp.status}`)} · ${t('job.rows', { count: imp.rowsRead, n: n.format(imp.rowsRead) })}`} progress={imp.progress} label={t('job.progress')} progressTestId="import-job-progress">
      {imp.status === 'imported' && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="import-done">
          {t('job.imported', { orders: n.format(imp.ordersImported), lines: n.format(imp.linesImported), already: n.format(imp.ordersAlreadyThere), skipped: n.format(imp.rowsSkipped) })}
        </Alert>
      )}
      {imp.status === 'rejected' && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          data-testid="import-rejected"
          action={
            <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={() => void downloadReport(imp)} data-testid="import-report">
              {t('job.report')}
            </Button>
          }
        >
          {t('job.rejected', { count: imp.problemCount })}
        </Alert>
      )}
      {imp.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {imp.failure ?? t('status.failed')}
        </Alert>
      )}
    </ImportJobProgress>
  );
}

function History({ outletId }: { outletId: string }) {
  const { t, i18n } = useTranslation('orders');
  const { t: appT } = useTranslation();
  const list = useImports(outletId);
  const n = new Intl.NumberFormat(i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (list.isPending) return <ListSkeleton rows={2} rowHeight={40} label={appT('common.loading')} />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <ListEmpty title={t('history.empty')} testId="import-history-empty" />;
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto' }}>
      <Table size="small" aria-label={t('history.title')} data-testid="import-history">
        <TableHead>
          <TableRow>
            <TableCell>{t('history.file')}</TableCell>
            <TableCell>{t('history.when')}</TableCell>
            <TableCell>{t('history.status')}</TableCell>
            <TableCell align="right">{t('history.orders')}</TableCell>
            <TableCell align="right">{t('history.problems')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.data.map((i: TOrderImport) => (
            <TableRow key={i.id}>
              <TableCell component="th" scope="row">
                {i.fileName}
              </TableCell>
              <TableCell>{when.format(new Date(i.createdAt))}</TableCell>
              <TableCell>{t(`status.${i.status}`)}</TableCell>
              <TableCell align="right">{n.format(i.ordersImported)}</TableCell>
              <TableCell align="right">{n.format(i.problemCount)}</TableCell>
              <TableCell>
                {i.problemCount > 0 && (
                  <Button size="small" startIcon={<DownloadIcon />} onClick={() => void downloadReport(i)}>
                    {t('job.report')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function OrderImportPage() {
  const { t } = useTranslation('orders');
  const { t: appT } = useTranslation();
  const outlets = useImportOutlets();
  const [params, update] = useUrlParams();
  const list = outlets.data?.data ?? [];
  const outlet = list.find((o) => o.id === params.get('outlet')) ?? list[0] ?? null;
  const [shape, setShape] = useState<'london' | 'generic'>('london');
  const [file, setFile] = useState<File | null>(null);
  const [head, setHead] = useState<{ columns: string[]; sample: string[][] } | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<TGenericField, string>>>({});
  const [currency, setCurrency] = useState('GBP');
  const [sourceOutlet, setSourceOutlet] = useState('');
  const [sent, setSent] = useState(0);
  const [importId, setImportId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (input: Parameters<typeof uploadOrders>[0]) => uploadOrders(input, setSent),
    onSuccess: (imp) => setImportId(imp.id),
  });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    setFile(f);
    setImportId(null);
    setSent(0);
    upload.reset();
    setFileError(null);
    setHead(null);
    if (!f) return;
    if (f.size > ORDER_IMPORT_MAX_BYTES) {
      setFileError(t('file.tooLarge', { max: ORDER_IMPORT_MAX_BYTES / MIB }));
      return;
    }
    const h = await readCsvHead(f);
    setHead(h);
    setMapping(Object.fromEntries(GENERIC_FIELDS.map((field) => [field, guessColumn(field, h.columns)]).filter(([, c]) => c)) as Partial<Record<TGenericField, string>>);
    // A London file of several outlets: offer its outlet ids.
    const outletIds = [...new Set(h.sample.map((r) => r[0] ?? ''))];
    if (h.columns[0] === 'outlet_id' && outletIds.length) setSourceOutlet(outletIds[0]!);
  };

  const missing = shape === 'generic' ? REQUIRED_GENERIC_FIELDS.filter((f) => !mapping[f]) : [];
  const ready = outlet && file && !fileError && missing.length === 0 && !upload.isPending && (shape === 'london' || /^[A-Z]{3}$/.test(currency));
  const start = () => {
    if (!outlet || !file) return;
    setSent(0);
    setImportId(null);
    upload.mutate({
      outletId: outlet.id,
      file,
      shape,
      ...(shape === 'generic' ? { currency, mapping: mapping as TColumnMapping } : sourceOutlet.trim() ? { sourceOutlet: sourceOutlet.trim() } : {}),
    });
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle', { max: ORDER_IMPORT_MAX_BYTES / MIB })} />
      {outlets.isPending ? (
        <ListSkeleton rows={1} rowHeight={56} label={appT('common.loading')} />
      ) : outlets.isError ? (
        <ListError error={outlets.error} onRetry={() => void outlets.refetch()} />
      ) : !outlet ? (
        <ListEmpty title={t('noOutlets')} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="import-form-title">
            <Stack spacing={2}>
              <Typography id="import-form-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('form.title')}
              </Typography>
              <OutletSelect label={t('form.outlet')} value={outlet.id} outlets={list} onChange={(id) => update((next) => applyParams(next, { outlet: id }))} testId="import-outlet" />
              <Box>
                <FormLabel id="shape-label">{t('form.shape')}</FormLabel>
                <RadioGroup row aria-labelledby="shape-label" value={shape} onChange={(e) => setShape(e.target.value as 'london' | 'generic')}>
                  <FormControlLabel value="london" control={<Radio />} label={t('form.london')} data-testid="shape-london" />
                  <FormControlLabel value="generic" control={<Radio />} label={t('form.generic')} data-testid="shape-generic" />
                </RadioGroup>
                <Typography variant="body2" color="text.secondary">
                  {shape === 'london' ? t('form.londonHelp') : t('form.genericHelp')}
                </Typography>
              </Box>
              <Box>
                <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                  {t('file.choose')}
                  <input hidden type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} data-testid="import-file" aria-label={t('file.choose')} />
                </Button>
                <Typography variant="body2" sx={{ mt: 1 }} data-testid="import-file-name">
                  {file ? t('file.chosen', { name: file.name, size: (file.size / 1024).toFixed(1) }) : t('file.none')}
                </Typography>
                {fileError && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {fileError}
                  </Alert>
                )}
              </Box>
              {shape === 'london' && head && (
                <TextField label={t('form.sourceOutlet')} helperText={t('form.sourceOutletHelp')} value={sourceOutlet} onChange={(e) => setSourceOutlet(e.target.value)} size="small" sx={{ maxWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'import-source-outlet', maxLength: 64 } }} />
              )}
              {shape === 'generic' && head && (
                <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid="import-mapping">
                  <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                    {t('mapping.title')}
                  </Typography>
                  <Stack spacing={2}>
                    {GENERIC_FIELDS.map((field) => (
                      <TextField
                        key={field}
                        select
                        size="small"
                        label={`${t(`mapping.field.${field}`)}${REQUIRED_GENERIC_FIELDS.includes(field) ? ' *' : ''}`}
                        value={mapping[field] ?? ''}
                        onChange={(e) => setMapping((m) => ({ ...m, [field]: e.target.value || undefined }))}
                        sx={{ maxWidth: 420 }}
                        slotProps={{ htmlInput: { 'data-testid': `mapping-${field}` } }}
                      >
                        <MenuItem value="">{t('mapping.none')}</MenuItem>
                        {head.columns.map((c) => (
                          <MenuItem key={c} value={c}>
                            {c}
                          </MenuItem>
                        ))}
                      </TextField>
                    ))}
                    <TextField label={t('mapping.currency')} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} size="small" sx={{ maxWidth: 160 }} helperText={t('mapping.currencyHelp')} slotProps={{ htmlInput: { 'data-testid': 'mapping-currency', maxLength: 3 } }} />
                    {missing.length > 0 && <Typography variant="body2" color="error">{t('mapping.missing', { fields: missing.map((f) => t(`mapping.field.${f}`)).join(', ') })}</Typography>}
                  </Stack>
                </Box>
              )}
              <Box>
                <Button variant="contained" onClick={start} disabled={!ready} data-testid="import-start">
                  {t('form.start')}
                </Button>
              </Box>
              <UploadFeedback
                showBar={upload.isPending || (upload.isSuccess && sent > 0)}
                sent={sent}
                text={t('upload.sending', { percent: Math.round(sent * 100) })}
                label={t('upload.progress')}
                barTestId="import-upload-progress"
                error={upload.isError ? describeError(upload.error, appT) : null}
                errorTestId="import-upload-error"
              />
              {importId && <ImportStatus id={importId} />}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="import-history-title">
            <Typography id="import-history-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('history.title')}
            </Typography>
            <History outletId={outlet.id} />
          </Paper>
        </>
      )}
    </Stack>
  );
}

export default OrderImportPage;
