/**
 * "New ticket": a piece of work opened by hand for an outlet, with a title, a
 * priority (its SLA due time is now plus the client's hours for it) and optionally an assignee.
 * For users who may open tickets (`create Ticket`: all but viewers). Outlets are those the user
 * sees (`get-client-details`), grouped by brand.
 *
 * The form checks what the contract checks before sending (a title of 3 to 200 characters, an
 * outlet); what the server refuses comes back naming its field and is shown under that field.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { TICKET_PRIORITIES, type TTicket, type TTicketPriority } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';
import { describeError } from '../../../lib/errors.ts';
import { useTeammates } from '../../../lib/teammates.ts';
import { useCreateTicket } from '../api/create-ticket.ts';

type Field = 'title' | 'outletId' | 'assigneeUserId';

export interface NewTicketDialogProps {
  onClose: () => void;
  onCreated: (ticket: TTicket) => void;
}

export function NewTicketDialog({ onClose, onCreated }: NewTicketDialogProps) {
  const { t } = useTranslation('tickets');
  const { t: appT } = useTranslation();
  const details = useQuery(clientDetailsQueryOptions());
  const brands = details.data?.client?.brands ?? [];
  const [title, setTitle] = useState('');
  const [outletId, setOutletId] = useState('');
  const [priority, setPriority] = useState<TTicketPriority>('normal');
  const [assigneeUserId, setAssigneeUserId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateTicket();
  const brandId = brands.find((b) => b.outlets.some((o) => o.id === outletId))?.id ?? null;
  const place = useMemo(() => (outletId && brandId ? { outletId, brandId } : null), [outletId, brandId]);
  const { teammates } = useTeammates(place, { workers: true });

  const local: Partial<Record<Field, string>> = {};
  if (title.trim().length < 3 || title.trim().length > 200) local.title = t('validation.title');
  if (!outletId) local.outletId = t('validation.outlet');
  const server = create.error instanceof ApiError && create.error.field ? { field: create.error.field.replace(/^body\./, ''), message: describeError(create.error, appT) } : null;
  const errorOf = (field: Field): string | null => {
    const mine = submitted ? local[field] : undefined;
    if (mine) return mine;
    return server?.field === field ? server.message : null;
  };
  const otherError = create.isError && !(server && ['title', 'outletId', 'assigneeUserId'].includes(server.field)) ? describeError(create.error, appT) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    create.mutate(
      { title: title.trim(), outletId, priority, ...(assigneeUserId ? { assigneeUserId } : {}) },
      { onSuccess: ({ ticket }) => onCreated(ticket) },
    );
  };

  const titleError = errorOf('title');
  const outletError = errorOf('outletId');
  const assigneeError = errorOf('assigneeUserId');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-ticket-title" data-testid="new-ticket-dialog">
      <DialogTitle id="new-ticket-title">{t('create.title')}</DialogTitle>
      <DialogContent>
        <form id="new-ticket-form" onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16, paddingTop: 8 }}>
          <TextField
            size="small"
            autoFocus
            required
            label={t('create.titleField')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={titleError !== null}
            helperText={titleError ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'new-ticket-title' } }}
          />
          <div>
            <NativeSelectField
              id="new-ticket-outlet"
              label={t('create.outlet')}
              value={outletId}
              onChange={(event) => {
                setOutletId(event.target.value);
                setAssigneeUserId('');
              }}
              htmlSelect={{ 'data-testid': 'new-ticket-outlet', required: true, 'aria-invalid': outletError !== null, 'aria-describedby': outletError ? 'new-ticket-outlet-error' : undefined }}
            >
              <option value="">{t('create.chooseOutlet')}</option>
              {brands.map((brand) => (
                <optgroup key={brand.id} label={brand.name}>
                  {brand.outlets.map((outlet) => (
                    <option key={outlet.id} value={outlet.id}>
                      {outlet.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelectField>
            {outletError && (
              <FormHelperText id="new-ticket-outlet-error" error>
                {outletError}
              </FormHelperText>
            )}
          </div>
          <NativeSelectField id="new-ticket-priority" label={t('create.priority')} value={priority} onChange={(event) => setPriority(event.target.value as TTicketPriority)} htmlSelect={{ 'data-testid': 'new-ticket-priority' }}>
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`priority.${p}`)}
              </option>
            ))}
          </NativeSelectField>
          <div>
            <NativeSelectField
              id="new-ticket-assignee"
              label={t('create.assignee')}
              value={assigneeUserId}
              onChange={(event) => setAssigneeUserId(event.target.value)}
              htmlSelect={{ 'data-testid': 'new-ticket-assignee', disabled: !place, 'aria-describedby': assigneeError ? 'new-ticket-assignee-error' : undefined }}
            >
              <option value="">{t('list.unassigned')}</option>
              {teammates.map((mate) => (
                <option key={mate.id} value={mate.id}>
                  {mate.fullName}
                </option>
              ))}
            </NativeSelectField>
            {assigneeError && (
              <FormHelperText id="new-ticket-assignee-error" error>
                {assigneeError}
              </FormHelperText>
            )}
          </div>
          {otherError && (
            <Alert severity="error" role="alert">
              {otherError}
            </Alert>
          )}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('create.cancel')}</Button>
        <Button type="submit" form="new-ticket-form" variant="contained" disabled={create.isPending} data-testid="new-ticket-submit">
          {create.isPending ? t('create.creating') : t('create.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

