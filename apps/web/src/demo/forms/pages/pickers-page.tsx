/**
 * `/forms/elements/pickers`: MUI X Date Pickers — date, time and date-time — in a
 * LocalizationProvider with the date-fns adapter and the app language's date-fns locale (month
 * and day names, week start, field order; components/date-locale.ts). Each picked value is
 * shown under its picker, formatted by `Intl` in the same language.
 */
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { DATE_FNS_LOCALES } from '../components/date-locale.ts';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

/** A fixed first value, so screenshots do not change from day to day. */
const START = new Date(2026, 10, 27, 19, 30);

/** The pickers page (see the module comment). */
export default function PickersPage() {
  const { t, i18n } = useTranslation('demo-forms');
  const language = currentLanguage();
  const [date, setDate] = useState<Date | null>(START);
  const [time, setTime] = useState<Date | null>(START);
  const [dateTime, setDateTime] = useState<Date | null>(START);
  const show = (value: Date | null, options: Intl.DateTimeFormatOptions) =>
    value && !Number.isNaN(value.getTime()) ? new Intl.DateTimeFormat(i18n.language, options).format(value) : t('pickers.none');

  return (
    <ShowcasePage target="datePickers" subtitle={t('pickers.lead')} testId="forms-pickers">
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={DATE_FNS_LOCALES[language]}>
        <DemoCard title={t('pickers.title')}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 4 }}>
              <DatePicker label={t('pickers.date')} value={date} onChange={setDate} slotProps={{ textField: { fullWidth: true } }} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="picked-date">
                {show(date, { dateStyle: 'full' })}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TimePicker label={t('pickers.time')} value={time} onChange={setTime} minutesStep={15} slotProps={{ textField: { fullWidth: true } }} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="picked-time">
                {show(time, { timeStyle: 'short' })}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <DateTimePicker label={t('pickers.dateTime')} value={dateTime} onChange={setDateTime} slotProps={{ textField: { fullWidth: true } }} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="picked-date-time">
                {show(dateTime, { dateStyle: 'medium', timeStyle: 'short' })}
              </Typography>
            </Grid>
          </Grid>
        </DemoCard>
      </LocalizationProvider>
    </ShowcasePage>
  );
}
