/**
 * The ads import of Ads pro ("Import an ads CSV … with the same importer as orders";
 * docs/decisions/0043): the CSV shape in plain words, file and currency of the spend, upload with
 * a progress bar, then the import job's status, polled every second until it is imported,
 * rejected (with its validation report to download) or failed; the outlet's earlier imports under
 * it. Shown only when the server says the user may import (`canImport`: owners, `update
 * DigitalMarketing`). A finished import refreshes the figures of the screen.
 */
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADS_COLUMNS, ADS_IMPORT_MAX_BYTES, type TAdsImport, type TAdsOutlet } from '@dinedesk/contracts/ads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportJobProgress, UploadFeedback } from '../../../components/import-job.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { srOnly } from '../../../components/sr-only.ts';
import { describeError } from '../../../lib/errors.ts';
import { adsKeys, downloadAdsReport, isDone, uploadAds, useAdsImports, useAdsImportStatus } from '../api/ads.ts';

const MIB = 1024 * 1024;
const CURRENCY = /^[A-Z]{3}$/;

/** The currency the form starts with: the outlet's ads so far, else its orders', else pounds (the demo's London outlets). */
export function defaultCurrency(outlet: Pick<TAdsOutlet, 'currency' | 'ordersCurrency'>): string {
  return outlet.currency ?? outlet.ordersCurrency ?? 'GBP';
}

function ReportButton({ imp, testId, inAlert = false }: { imp: TAdsImport; testId?: string; inAlert?: boolean }) {
  const { t } = useTranslation('ads');
  const { t: appT } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button color={inAlert ? 'inherit' : 'primary'} size="small" startIcon={<DownloadIcon />} onClick={() => downloadAdsReport(imp).then(() => setFailure(null), (e: unknown) => setFailure(describeError(e, appT)))} data-testid={testId} aria-label={t('job.reportOf', { file: imp.fileName })}>
        {t('job.report')}
      </Button>
      {failure && (
        <Typography variant="caption" color="error" component="p" role="alert">
          {failure}
        </Typography>
      )}
    </>
  );
}

function ImportStatus({ id }: { id: string }) {
  const { t, i18n } = useTranslation('ads');
  const { t: appT } = useTranslation();
  const queryClient = useQueryClient();
  const status = useAdsImportStatus(id);
  const imp = status.data;
  const done = imp ? isDone(imp) : false;
  useEffect(() => {
    // New campaign-days change the outlet's range, currency and every figure on the screen.
    if (done) void queryClient.invalidateQueries({ queryKey: adsKeys.all });
  }, [done, queryClient]);
  if (status.isError) return <ListError error={status.error} onRetry={() => void status.refetch()} />;
  if (!imp) return <LinearProgress aria-label={appT('common.loading')} />;
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <ImportJobProgress testId="ads-import-status" status={imp.status} line={`${t(`status.${imp.status}`)} · ${t('job.rows', { count: imp.rowsRead, n: n.format(imp.rowsRead) })}`} progress={imp.progress} label={t('job.progress')} progressTestId="ads-import-progress">
      {imp.status === 'imported' && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="ads-import-done">
          {t('job.imported', { imported: n.format(imp.daysImported), updated: n.format(imp.daysUpdated), currency: imp.currency })}
        </Alert>
      )}
      {imp.status === 'rejected' && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="ads-import-rejected" action={<ReportButton imp={imp} testId="ads-import-report" inAlert />}>
          {t('job.rejected', { count: imp.problemCount, n: n.format(imp.problemCount) })}
        </Alert>
      )}
      {imp.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="ads-import-failed">
          {imp.failure ?? t('status.failed')}
        </Alert>
      )}
    </ImportJobProgress>
  );
}

function History({ outletId }: { outletId: string }) {
  const { t, i18n } = useTranslation('ads');
  const { t: appT } = useTranslation();
  const list = useAdsImports(outletId);
  const n = new Intl.NumberFormat(i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (list.isPending) return <ListSkeleton rows={2} rowHeight={40} label={appT('common.loading')} />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <ListEmpty title={t('history.empty')} testId="ads-import-history-empty" />;
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('history.title')}>
      <Table size="small" aria-label={t('history.title')} data-testid="ads-import-history">
        <TableHead>
          <TableRow>
            <TableCell>{t('history.file')}</TableCell>
            <TableCell>{t('history.when')}</TableCell>
            <TableCell>{t('history.status')}</TableCell>
            <TableCell>{t('history.currency')}</TableCell>
            <TableCell align="right">{t('history.imported')}</TableCell>
            <TableCell align="right">{t('history.updated')}</TableCell>
            <TableCell align="right">{t('history.problems')}</TableCell>
            <TableCell>
              <Box component="span" sx={srOnly}>
                {t('history.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.data.map((i) => (
            <TableRow key={i.id}>
              <TableCell component="th" scope="row">
                {i.fileName}
              </TableCell>
              <TableCell>{when.format(new Date(i.createdAt))}</TableCell>
              <TableCell>{t(`status.${i.status}`)}</TableCell>
              <TableCell>{i.currency}</TableCell>
              <TableCell align="right">{n.format(i.daysImported)}</TableCell>
              <TableCell align="right">{n.format(i.daysUpdated)}</TableCell>
              <TableCell align="right">{n.format(i.problemCount)}</TableCell>
              <TableCell>{i.problemCount > 0 && <ReportButton imp={i} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The import form and history of one outlet; mount it with `key={outlet.id}` so another outlet starts afresh. */
export function AdsImportPanel({ outlet }: { outlet: TAdsOutlet }) {
  const { t } = useTranslation('ads');
  const { t: appT } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [currency, setCurrency] = useState(() => defaultCurrency(outlet));
  const [sent, setSent] = useState(0);
  const [importId, setImportId] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (input: Parameters<typeof uploadAds>[0]) => uploadAds(input, setSent),
    onSuccess: (imp) => setImportId(imp.id),
  });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    setFile(f);
    setImportId(null);
    setSent(0);
    upload.reset();
    setFileError(f && f.size > ADS_IMPORT_MAX_BYTES ? t('file.tooLarge', { max: ADS_IMPORT_MAX_BYTES / MIB }) : null);
  };
  const currencyOk = CURRENCY.test(currency);
  const ready = file !== null && !fileError && currencyOk && !upload.isPending;
  const start = () => {
    if (!file) return;
    setSent(0);
    setImportId(null);
    upload.mutate({ outletId: outlet.id, file, currency });
  };

  return (
    <Stack spacing={2} data-testid="ads-import">
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="ads-import-title" id="ads-import">
        <Stack spacing={2}>
          <Box>
            <Typography id="ads-import-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('import.title', { outlet: outlet.name })}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="ads-import-help">
              {t('import.help', { columns: ADS_COLUMNS.join(', '), max: ADS_IMPORT_MAX_BYTES / MIB })}
            </Typography>
          </Box>
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {t('file.choose')}
              <input hidden type="file" accept=".csv,text/csv" onChange={onFile} data-testid="ads-file" aria-label={t('file.choose')} />
            </Button>
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="ads-file-name">
              {file ? t('file.chosen', { name: file.name, size: (file.size / 1024).toFixed(1) }) : t('file.none')}
            </Typography>
            {fileError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {fileError}
              </Alert>
            )}
          </Box>
          <TextField
            label={t('import.currency')}
            value={currency}
            onChange={(e) => setCurrency(e.target.value.toUpperCase().replace(/[^A-Z]/g, ''))}
            size="small"
            sx={{ maxWidth: 200 }}
            error={!currencyOk}
            helperText={t('import.currencyHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'ads-currency', maxLength: 3 } }}
          />
          <Box>
            <Button variant="contained" onClick={start} disabled={!ready} data-testid="ads-import-start">
              {t('import.start')}
            </Button>
          </Box>
          <UploadFeedback
            showBar={upload.isPending || (upload.isSuccess && sent > 0)}
            sent={sent}
            text={t('upload.sending', { percent: Math.round(sent * 100) })}
            label={t('upload.progress')}
            barTestId="ads-upload-progress"
            error={upload.isError ? describeError(upload.error, appT) : null}
            errorTestId="ads-upload-error"
          />
          {importId && <ImportStatus id={importId} />}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="ads-history-title">
        <Typography id="ads-history-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('history.title')}
        </Typography>
        <History outletId={outlet.id} />
      </Paper>
    </Stack>
  );
}
