/**
 * The client's SLA policy, for owners (`manage Ticket`): hours from opening to the due
 * time per priority. Checked here as the server checks it (contracts' `ZSlaHours`): whole hours,
 * 1 to 2,160 (90 days), and never longer for a higher priority (urgent ≤ high ≤ normal ≤ low),
 * with the reason under the field it concerns in the user's language. New hours apply to tickets
 * opened or re-prioritised afterwards, which the dialog says.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SLA_MAX_HOURS, TICKET_PRIORITIES, type TSlaHours, type TTicketPriority } from '@dinedesk/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useSaveSlaPolicy, useSlaPolicy } from '../api/sla-policy.ts';
import type { TicketsT } from '../format.ts';

type Drafts = Record<TTicketPriority, string>;
type Problems = Partial<Record<TTicketPriority, string>>;

/** Why each field is refused, as the server's `ZSlaHours` would refuse it; empty when valid. */
export function slaProblems(drafts: Drafts, t: TicketsT): Problems {
  const problems: Problems = {};
  const values: Partial<Record<TTicketPriority, number>> = {};
  for (const priority of TICKET_PRIORITIES) {
    const raw = drafts[priority].trim();
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) problems[priority] = t('sla.errors.number');
    else if (!Number.isInteger(value)) problems[priority] = t('sla.errors.whole');
    else if (value < 1 || value > SLA_MAX_HOURS) problems[priority] = t('sla.errors.range', { max: SLA_MAX_HOURS });
    else values[priority] = value;
  }
  // Each priority may not take longer than the one below it in urgency.
  const order: TTicketPriority[] = ['urgent', 'high', 'normal', 'low'];
  for (let i = 0; i < order.length - 1; i++) {
    const higher = order[i]!;
    const lower = order[i + 1]!;
    const a = values[higher];
    const b = values[lower];
    if (a !== undefined && b !== undefined && a > b && !problems[higher]) {
      problems[higher] = t('sla.errors.order', { priority: t(`priority.${higher}`), other: t(`priority.${lower}`) });
    }
  }
  return problems;
}

function Form({ initial, onClose }: { initial: TSlaHours; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const { t: appT } = useTranslation();
  const save = useSaveSlaPolicy();
  const [drafts, setDrafts] = useState<Drafts>(() => Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, String(initial[p])])) as Drafts);
  const [submitted, setSubmitted] = useState(false);
  const problems = slaProblems(drafts, t);
  const valid = Object.keys(problems).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    const hours = Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, Number(drafts[p])])) as TSlaHours;
    save.mutate(hours, { onSuccess: onClose });
  };

  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('sla.help')}
        </Typography>
        <Box component="form" id="sla-policy-form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {(['urgent', 'high', 'normal', 'low'] as const).map((priority) => {
            const problem = submitted ? problems[priority] : undefined;
            return (
              <TextField
                key={priority}
                size="small"
                type="number"
                label={t('sla.hoursFor', { priority: t(`priority.${priority}`) })}
                value={drafts[priority]}
                onChange={(event) => setDrafts((current) => ({ ...current, [priority]: event.target.value }))}
                error={problem !== undefined}
                helperText={problem ?? t('sla.hoursUnit')}
                slotProps={{ htmlInput: { min: 1, max: SLA_MAX_HOURS, step: 1, inputMode: 'numeric', 'data-testid': `sla-${priority}` } }}
              />
            );
          })}
        </Box>
        {save.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {describeError(save.error, appT)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('create.cancel')}</Button>
        <Button type="submit" form="sla-policy-form" variant="contained" disabled={save.isPending} data-testid="sla-save">
          {t('sla.save')}
        </Button>
      </DialogActions>
    </>
  );
}

export function SlaPolicyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const { t: appT } = useTranslation();
  const policy = useSlaPolicy();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sla-policy-title" data-testid="sla-policy-dialog">
      <DialogTitle id="sla-policy-title">{t('sla.title')}</DialogTitle>
      {policy.isPending ? (
        <DialogContent>
          <Skeleton variant="rounded" height={120} aria-label={appT('common.loading')} />
        </DialogContent>
      ) : policy.isError ? (
        <DialogContent>
          <Alert severity="error">{describeError(policy.error, appT)}</Alert>
        </DialogContent>
      ) : (
        <Form initial={policy.data.hours as TSlaHours} onClose={onClose} />
      )}
    </Dialog>
  );
}

