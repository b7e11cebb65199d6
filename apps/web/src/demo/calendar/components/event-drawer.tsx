/**
 * The add/edit drawer of the calendar (from the right): title, calendar, start and end (date
 * or date-time, by the all-day switch), URL, guests, location, description; Add or Update, and
 * Delete for a stored event. Validation (event-form.ts) shows under each field after the
 * first submit. Escape and the close button close it (MUI Drawer), focus returns to what
 * opened it.
 */
import Close from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDARS, type TCalendarName } from '../schema.ts';
import { CALENDAR_PALETTE } from './calendar-colors.ts';
import { switchAllDay, validateEventForm, type EventFormErrors, type EventFormValues } from './event-form.ts';

/** A `data-testid` for slot props, whose types list only the slot's own props. */
const testId = (id: string): object => ({ 'data-testid': id });

export interface EventDrawerProps {
  open: boolean;
  /** `add`: a new event; `edit`: a stored one (Update and Delete). */
  mode: 'add' | 'edit';
  /** The values the form starts from (the drawer is re-mounted per opening: `key`). */
  initial: EventFormValues;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: EventFormValues) => void;
  onDelete: () => void;
}

/** The add/edit drawer (see the module comment). */
export function EventDrawer({ open, mode, initial, busy, onClose, onSubmit, onDelete }: EventDrawerProps) {
  const { t } = useTranslation('demo-calendar');
  const titleId = useId();
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: EventFormErrors = submitted ? validateEventForm(form) : {};
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => setForm((current) => ({ ...current, [key]: value }));
  const errorText = (key: keyof EventFormValues) => {
    const error = errors[key];
    return error ? t(`errors.${error}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateEventForm(form)).length === 0) onSubmit(form);
  };

  const dateType = form.allDay ? 'date' : 'datetime-local';
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 }, role: 'dialog', 'aria-labelledby': titleId, ...testId('calendar-event-drawer') } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {mode === 'add' ? t('drawer.addTitle') : t('drawer.editTitle')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('drawer.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box component="form" noValidate onSubmit={submit} sx={{ p: 2.5, overflowY: 'auto' }}>
        <Stack spacing={2.5}>
          <TextField
            label={t('form.title')}
            value={form.title}
            onChange={(event) => set('title', event.target.value)}
            required
            autoFocus
            error={Boolean(errors.title)}
            helperText={errorText('title')}
            slotProps={{ htmlInput: { 'data-testid': 'calendar-event-title' } }}
          />
          <TextField
            select
            label={t('form.calendar')}
            value={form.calendar}
            onChange={(event) => set('calendar', event.target.value as TCalendarName)}
            slotProps={{ select: { SelectDisplayProps: testId('calendar-event-calendar') } }}
          >
            {CALENDARS.map((calendar) => (
              <MenuItem key={calendar} value={calendar}>
                <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${CALENDAR_PALETTE[calendar]}.main`, mr: 1.5, display: 'inline-block' }} />
                {t(`calendars.${calendar}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={form.allDay} onChange={(event) => setForm((current) => switchAllDay(current, event.target.checked))} />}
            label={t('form.allDay')}
          />
          <TextField
            type={dateType}
            label={t('form.start')}
            value={form.start}
            onChange={(event) => set('start', event.target.value)}
            required
            error={Boolean(errors.start)}
            helperText={errorText('start')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'calendar-event-start' } }}
          />
          <TextField
            type={dateType}
            label={t('form.end')}
            value={form.end}
            onChange={(event) => set('end', event.target.value)}
            required
            error={Boolean(errors.end)}
            helperText={errorText('end')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'calendar-event-end' } }}
          />
          <TextField
            type="url"
            label={t('form.url')}
            placeholder="https://www.example.com"
            value={form.url}
            onChange={(event) => set('url', event.target.value)}
            error={Boolean(errors.url)}
            helperText={errorText('url')}
          />
          <Autocomplete
            multiple
            freeSolo
            options={[]}
            value={form.guests}
            onChange={(_event, value) => set('guests', value.map((guest) => guest.trim()).filter((guest) => guest !== ''))}
            renderValue={(values, getItemProps) =>
              values.map((guest, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={guest} {...itemProps} />;
              })
            }
            renderInput={(params) => <TextField {...params} label={t('form.guests')} helperText={t('form.guestsHelp')} />}
          />
          <TextField label={t('form.location')} value={form.location} onChange={(event) => set('location', event.target.value)} />
          <TextField label={t('form.description')} value={form.description} onChange={(event) => set('description', event.target.value)} multiline minRows={3} />
          <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
            <Button type="submit" variant="contained" disabled={busy} data-testid="calendar-event-submit">
              {mode === 'add' ? t('actions.add') : t('actions.update')}
            </Button>
            {mode === 'edit' ? (
              <Button variant="outlined" color="error" onClick={onDelete} disabled={busy} data-testid="calendar-event-delete">
                {t('actions.delete')}
              </Button>
            ) : (
              <Button variant="outlined" color="inherit" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}
