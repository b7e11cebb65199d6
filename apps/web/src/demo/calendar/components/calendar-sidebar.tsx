/**
 * The calendar's left sidebar: the primary "Add Event" button, the small month picker, and the
 * calendar filter (View All plus one checkbox per calendar in its colour; docs/requirements/data.md
 * calendars). Rendered beside the calendar from the md breakpoint and in a drawer below it
 * (calendar-app.tsx).
 */
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDARS, type TCalendarName } from '../schema.ts';
import { CALENDAR_PALETTE } from './calendar-colors.ts';
import { MiniMonth } from './mini-month.tsx';

export interface CalendarSidebarProps {
  selected: readonly TCalendarName[];
  onSelectedChange: (calendars: TCalendarName[]) => void;
  onAddEvent: () => void;
  /** The month the picker shows and the day the big calendar is on. */
  pickerMonth: Date;
  currentDate: Date | undefined;
  onPickerMonthChange: (month: Date) => void;
  onPickDate: (day: Date) => void;
}

/** Add button, month picker and calendar filter. */
export function CalendarSidebar({ selected, onSelectedChange, onAddEvent, pickerMonth, currentDate, onPickerMonthChange, onPickDate }: CalendarSidebarProps) {
  const { t } = useTranslation('demo-calendar');
  const headingId = useId();
  const all = selected.length === CALENDARS.length;
  const toggle = (calendar: TCalendarName) =>
    onSelectedChange(selected.includes(calendar) ? selected.filter((name) => name !== calendar) : CALENDARS.filter((name) => name === calendar || selected.includes(name)));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: 2.5 }}>
      <Button variant="contained" size="large" startIcon={<Add />} onClick={onAddEvent} data-testid="calendar-add-event" fullWidth>
        {t('addEvent')}
      </Button>
      <MiniMonth month={pickerMonth} selected={currentDate} onMonthChange={onPickerMonthChange} onSelect={onPickDate} />
      <Divider />
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="overline" component="h2" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
          {t('filter')}
        </Typography>
        <FormGroup>
          <FormControlLabel
            label={t('viewAll')}
            control={
              <Checkbox
                checked={all}
                indeterminate={!all && selected.length > 0}
                onChange={() => onSelectedChange(all ? [] : [...CALENDARS])}
                data-testid="calendar-filter-all"
              />
            }
          />
          {CALENDARS.map((calendar) => (
            <FormControlLabel
              key={calendar}
              label={t(`calendars.${calendar}`)}
              control={
                <Checkbox
                  color={CALENDAR_PALETTE[calendar]}
                  checked={selected.includes(calendar)}
                  onChange={() => toggle(calendar)}
                  data-testid={`calendar-filter-${calendar}`}
                  sx={{ color: `${CALENDAR_PALETTE[calendar]}.main` }}
                />
              }
            />
          ))}
        </FormGroup>
      </Box>
    </Box>
  );
}
