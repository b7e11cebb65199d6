/**
 * Reporting → Report on demand (/apps/reporting/report-on-demand; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#report-on-demand, docs/decisions/0042): choose metrics,
 * outlets, a period and a comparison, and a format (CSV, XLSX, PDF); the report is generated in the
 * background, its progress shown in "Your reports", where it stays downloadable for 7 days. A
 * report can be saved, and scheduled weekly or monthly: each run is mailed to the person who saved
 * it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
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
import { useQuery } from '@tanstack/react-query';
import {
  REPORT_COMPARISONS,
  REPORT_FORMATS,
  REPORT_METRICS,
  REPORT_TTL_DAYS,
  type TReportComparison,
  type TReportDefinition,
  type TReportFormat,
  type TReportMetric,
  type TReportRun,
  type TReportSpec,
} from '@dinedesk/contracts/reports';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';
import { describeError } from '../../../lib/errors.ts';
import { downloadReport, useDeleteDefinition, useReportDefinitions, useReportRuns, useRunReport, useSaveDefinition } from '../api/reports.ts';

type PeriodChoice = '7' | '30' | '90' | 'range';
type ScheduleChoice = 'none' | 'weekly' | 'monthly';

interface FormState {
  title: string;
  metrics: TReportMetric[];
  /** Empty with `allOutlets`: every outlet the person sees when the report runs. */
  outletIds: string[];
  allOutlets: boolean;
  period: PeriodChoice;
  from: string;
  to: string;
  comparison: TReportComparison;
  format: TReportFormat;
}

const INITIAL: FormState = { title: '', metrics: ['ratings', 'response', 'orders', 'sales'], outletIds: [], allOutlets: true, period: '30', from: '', to: '', comparison: 'previous_period', format: 'pdf' };

function specOf(f: FormState): TReportSpec {
  return {
    metrics: REPORT_METRICS.filter((m) => f.metrics.includes(m)),
    outletIds: f.allOutlets ? [] : f.outletIds,
    period: f.period === 'range' ? { kind: 'range', from: f.from, to: f.to } : { kind: 'last_days', days: Number(f.period) },
    comparison: f.comparison,
  };
}

function formOf(d: TReportDefinition): FormState {
  const p = d.spec.period;
  const period: PeriodChoice = p.kind === 'range' ? 'range' : (['7', '30', '90'] as const).find((x) => Number(x) === p.days) ?? '30';
  return {
    title: d.name,
    metrics: d.spec.metrics,
    outletIds: d.spec.outletIds,
    allOutlets: d.spec.outletIds.length === 0,
    period,
    from: p.kind === 'range' ? p.from : '',
    to: p.kind === 'range' ? p.to : '',
    comparison: d.spec.comparison,
    format: d.format,
  };
}

/** What the form lacks, by field (checked before calling the server, which checks again). */
function problemsOf(f: FormState): Partial<Record<'metrics' | 'outlets' | 'period', true>> {
  return {
    ...(f.metrics.length === 0 ? { metrics: true as const } : {}),
    ...(!f.allOutlets && f.outletIds.length === 0 ? { outlets: true as const } : {}),
    ...(f.period === 'range' && (!f.from || !f.to || f.from > f.to) ? { period: true as const } : {}),
  };
}

function useDateFormats() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const at = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
    return { at: (iso: string) => at.format(new Date(iso)), day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)), percent: (x: number) => percent.format(x) };
  }, [i18n.language]);
}

/** A table of the screen in a scrolling region, with the failure of its last action (a download, a run) above it. */
function ActionTable({ label, testId, failure, onDismiss, head, children }: { label: string; testId: string; failure: string | null; onDismiss: () => void; head: ReactNode; children: ReactNode }) {
  return (
    <>
      {failure && (
        <Alert severity="error" onClose={onDismiss} sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </Box>
    </>
  );
}

function RunsTable({ runs }: { runs: TReportRun[] }) {
  const { t } = useTranslation('reports');
  const { t: appT } = useTranslation();
  const f = useDateFormats();
  const [failure, setFailure] = useState<string | null>(null);
  const head = (
    <>
      <TableCell>{t('runs.report')}</TableCell>
      <TableCell>{t('runs.period')}</TableCell>
      <TableCell>{t('runs.status')}</TableCell>
      <TableCell>{t('runs.requested')}</TableCell>
      <TableCell align="right">{t('runs.file')}</TableCell>
    </>
  );
  return (
    <>
      <ActionTable label={t('runs.title')} testId="report-runs" failure={failure} onDismiss={() => setFailure(null)} head={head}>
            {runs.map((r) => (
              <TableRow key={r.id} data-testid={`run-${r.id}`}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{r.title}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {r.format.toUpperCase()} · {r.metrics.map((m) => t(`metric.${m}`)).join(', ')}
                    {r.scheduled ? ` · ${t('runs.scheduled')}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>
                  {t('runs.span', { from: f.day(r.period.from), to: f.day(r.period.to) })}
                  {r.comparePeriod && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('runs.vs', { from: f.day(r.comparePeriod.from), to: f.day(r.comparePeriod.to) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {r.status === 'failed' ? (
                    <Typography variant="body2" color="error">{r.error ?? t('status.failed')}</Typography>
                  ) : r.status === 'done' ? (
                    <Typography variant="body2">{t('status.done')}</Typography>
                  ) : (
                    <Stack spacing={0.5}>
                      <Typography variant="body2">{t(`status.${r.status}`)}</Typography>
                      <LinearProgress variant={r.status === 'queued' ? 'indeterminate' : 'determinate'} value={Math.round(r.progress * 100)} aria-label={t('runs.progress', { title: r.title, percent: f.percent(r.progress) })} />
                    </Stack>
                  )}
                </TableCell>
                <TableCell>
                  <Box component="time" dateTime={r.createdAt} sx={{ typography: 'body2' }}>{f.at(r.createdAt)}</Box>
                </TableCell>
                <TableCell align="right">
                  {r.status === 'done' && (
                    <Button size="small" variant="outlined" onClick={() => downloadReport(r).catch((e: unknown) => setFailure(describeError(e, appT)))} aria-label={t('runs.downloadNamed', { file: r.fileName })}>
                      {t('runs.download')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
      </ActionTable>
      <Typography variant="caption" color="text.secondary">{t('runs.kept', { days: REPORT_TTL_DAYS })}</Typography>
    </>
  );
}

function DefinitionsTable({ definitions, onLoad }: { definitions: TReportDefinition[]; onLoad: (d: TReportDefinition) => void }) {
  const { t } = useTranslation('reports');
  const { t: appT } = useTranslation();
  const f = useDateFormats();
  const run = useRunReport();
  const remove = useDeleteDefinition();
  const [failure, setFailure] = useState<string | null>(null);
  const head = (
    <>
      <TableCell>{t('saved.name')}</TableCell>
      <TableCell>{t('saved.schedule')}</TableCell>
      <TableCell>{t('saved.nextRun')}</TableCell>
      <TableCell align="right">{t('saved.actions')}</TableCell>
    </>
  );
  return (
    <ActionTable label={t('saved.title')} testId="report-definitions" failure={failure} onDismiss={() => setFailure(null)} head={head}>
            {definitions.map((d) => (
              <TableRow key={d.id} data-testid={`definition-${d.id}`}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{d.name}</Typography>
                  <Typography variant="caption" color="text.secondary">{d.format.toUpperCase()}</Typography>
                </TableCell>
                <TableCell>{d.schedule ? t(`schedule.${d.schedule.frequency}`, { email: d.mailTo }) : t('schedule.none')}</TableCell>
                <TableCell>{d.nextRunAt ? <Box component="time" dateTime={d.nextRunAt} sx={{ typography: 'body2' }}>{f.at(d.nextRunAt)}</Box> : '—'}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button size="small" variant="outlined" disabled={run.isPending} onClick={() => run.mutate({ definitionId: d.id }, { onError: (e) => setFailure(describeError(e, appT)) })} aria-label={t('saved.runNamed', { name: d.name })}>
                      {t('saved.run')}
                    </Button>
                    <Button size="small" onClick={() => onLoad(d)} aria-label={t('saved.editNamed', { name: d.name })}>
                      {t('saved.edit')}
                    </Button>
                    <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(d.id, { onError: (e) => setFailure(describeError(e, appT)) })} aria-label={t('saved.deleteNamed', { name: d.name })}>
                      {t('saved.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
    </ActionTable>
  );
}

export function ReportOnDemandPage() {
  const { t } = useTranslation('reports');
  const { t: appT } = useTranslation();
  const details = useQuery(clientDetailsQueryOptions());
  const runs = useReportRuns();
  const definitions = useReportDefinitions();
  const runReport = useRunReport();
  const save = useSaveDefinition();
  const [form, setForm] = useState<FormState>(INITIAL);
  const [editing, setEditing] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ScheduleChoice>('none');
  const [touched, setTouched] = useState(false);
  const [saveTried, setSaveTried] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const brands = details.data?.client?.brands ?? [];
  const problems = problemsOf(form);
  const shown = touched ? problems : {};
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const toggle = <T,>(list: T[], x: T) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);

  const onGenerate = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setNotice(null);
    if (Object.keys(problems).length) return;
    runReport.mutate(
      { spec: specOf(form), format: form.format, ...(form.title.trim() ? { title: form.title.trim() } : {}) },
      { onSuccess: () => setNotice({ severity: 'success', text: t('queued') }), onError: (err) => setNotice({ severity: 'error', text: describeError(err, appT) }) },
    );
  };
  const onSave = () => {
    setTouched(true);
    setSaveTried(true);
    setNotice(null);
    if (Object.keys(problems).length || !form.title.trim()) return;
    save.mutate(
      { ...(editing ? { id: editing } : {}), name: form.title.trim(), spec: specOf(form), format: form.format, schedule: schedule === 'none' ? null : { frequency: schedule } },
      {
        onSuccess: (d) => {
          setEditing(d.id);
          setNotice({ severity: 'success', text: t('saved.done', { name: d.name }) });
        },
        onError: (err) => setNotice({ severity: 'error', text: describeError(err, appT) }),
      },
    );
  };
  const onLoad = (d: TReportDefinition) => {
    setForm(formOf(d));
    setEditing(d.id);
    setSchedule(d.schedule?.frequency ?? 'none');
    setTouched(false);
    setSaveTried(false);
    setNotice(null);
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Paper component="form" variant="outlined" sx={{ p: 2 }} onSubmit={onGenerate} aria-labelledby="report-form-title" noValidate>
        <Typography component="h2" variant="subtitle1" id="report-form-title" sx={{ fontWeight: 600, mb: 2 }}>
          {editing ? t('form.editTitle') : t('form.title')}
        </Typography>
        <Stack spacing={2.5}>
          <TextField
            label={t('form.name')}
            value={form.title}
            onChange={(e) => set({ title: e.target.value })}
            size="small"
            sx={{ maxWidth: 420 }}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'report-title' } }}
            error={saveTried && !form.title.trim()}
            helperText={saveTried && !form.title.trim() ? t('form.nameNeeded') : t('form.nameHelp')}
          />
          <FormControl component="fieldset" error={Boolean(shown.metrics)}>
            <FormLabel component="legend">{t('form.metrics')}</FormLabel>
            <FormGroup row>
              {REPORT_METRICS.map((m) => (
                <FormControlLabel key={m} control={<Checkbox checked={form.metrics.includes(m)} onChange={() => set({ metrics: toggle(form.metrics, m) })} />} label={t(`metric.${m}`)} />
              ))}
            </FormGroup>
            {shown.metrics && <FormHelperText>{t('form.metricsNeeded')}</FormHelperText>}
          </FormControl>
          <FormControl component="fieldset" error={Boolean(shown.outlets)}>
            <FormLabel component="legend">{t('form.outlets')}</FormLabel>
            <FormControlLabel control={<Checkbox checked={form.allOutlets} onChange={(e) => set({ allOutlets: e.target.checked })} />} label={t('form.allOutlets')} />
            {!form.allOutlets && (
              <Stack spacing={1} sx={{ pl: 2 }}>
                {brands.map((b) => (
                  <Box key={b.id}>
                    <Typography variant="caption" color="text.secondary">{b.name}</Typography>
                    <FormGroup row>
                      {b.outlets.map((o) => (
                        <FormControlLabel key={o.id} control={<Checkbox checked={form.outletIds.includes(o.id)} onChange={() => set({ outletIds: toggle(form.outletIds, o.id) })} />} label={o.name} />
                      ))}
                    </FormGroup>
                  </Box>
                ))}
              </Stack>
            )}
            {shown.outlets && <FormHelperText>{t('form.outletsNeeded')}</FormHelperText>}
          </FormControl>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <NativeSelectField id="report-period" label={t('form.period')} value={form.period} onChange={(e) => set({ period: e.target.value as PeriodChoice })}>
              {(['7', '30', '90'] as const).map((d) => (
                <option key={d} value={d}>{t('form.lastDays', { count: Number(d) })}</option>
              ))}
              <option value="range">{t('form.range')}</option>
            </NativeSelectField>
            {form.period === 'range' && (
              <>
                <TextField type="date" label={t('form.from')} value={form.from} onChange={(e) => set({ from: e.target.value })} size="small" error={Boolean(shown.period)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-from' } }} />
                <TextField type="date" label={t('form.to')} value={form.to} onChange={(e) => set({ to: e.target.value })} size="small" error={Boolean(shown.period)} helperText={shown.period ? t('form.periodNeeded') : ' '} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-to' } }} />
              </>
            )}
            <NativeSelectField id="report-comparison" label={t('form.comparison')} value={form.comparison} onChange={(e) => set({ comparison: e.target.value as TReportComparison })}>
              {REPORT_COMPARISONS.map((c) => (
                <option key={c} value={c}>{t(`comparison.${c}`)}</option>
              ))}
            </NativeSelectField>
          </Stack>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('form.format')}</FormLabel>
            <RadioGroup row value={form.format} onChange={(e) => set({ format: e.target.value as TReportFormat })}>
              {REPORT_FORMATS.map((f) => (
                <FormControlLabel key={f} value={f} control={<Radio />} label={f.toUpperCase()} />
              ))}
            </RadioGroup>
          </FormControl>
          <Typography variant="caption" color="text.secondary">{t('form.periodNote')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button type="submit" variant="contained" disabled={runReport.isPending} data-testid="report-generate">
              {t('form.generate')}
            </Button>
            <NativeSelectField id="report-schedule" label={t('form.schedule')} value={schedule} onChange={(e) => setSchedule(e.target.value as ScheduleChoice)}>
              <option value="none">{t('schedule.none')}</option>
              <option value="weekly">{t('schedule.weeklyOption')}</option>
              <option value="monthly">{t('schedule.monthlyOption')}</option>
            </NativeSelectField>
            <Button variant="outlined" onClick={onSave} disabled={save.isPending} data-testid="report-save">
              {editing ? t('form.update') : t('form.save')}
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  setEditing(null);
                  setForm(INITIAL);
                  setSchedule('none');
                  setTouched(false);
                  setSaveTried(false);
                }}
              >
                {t('form.new')}
              </Button>
            )}
          </Stack>
          {schedule !== 'none' && form.period === 'range' && <Alert severity="info">{t('form.scheduleNeedsRolling')}</Alert>}
        </Stack>
      </Paper>
      <Box role="status" aria-live="polite">
        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} data-testid="report-notice">
            {notice.text}
          </Alert>
        )}
      </Box>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="report-runs-title">
        <Typography component="h2" variant="subtitle1" id="report-runs-title" sx={{ fontWeight: 600, mb: 1 }}>{t('runs.title')}</Typography>
        {runs.isPending ? (
          <ListSkeleton rows={2} rowHeight={48} label={appT('common.loading')} />
        ) : runs.isError ? (
          <ListError error={runs.error} onRetry={() => void runs.refetch()} />
        ) : runs.data.data.length === 0 ? (
          <ListEmpty title={t('runs.empty')} testId="report-runs-empty" />
        ) : (
          <RunsTable runs={runs.data.data} />
        )}
      </Paper>
      <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="report-saved-title">
        <Typography component="h2" variant="subtitle1" id="report-saved-title" sx={{ fontWeight: 600, mb: 1 }}>{t('saved.title')}</Typography>
        {definitions.isPending ? (
          <ListSkeleton rows={2} rowHeight={48} label={appT('common.loading')} />
        ) : definitions.isError ? (
          <ListError error={definitions.error} onRetry={() => void definitions.refetch()} />
        ) : definitions.data.data.length === 0 ? (
          <ListEmpty title={t('saved.empty')} testId="report-definitions-empty" />
        ) : (
          <DefinitionsTable definitions={definitions.data.data} onLoad={onLoad} />
        )}
      </Paper>
    </Stack>
  );
}

export default ReportOnDemandPage;
