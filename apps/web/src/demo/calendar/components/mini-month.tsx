/**
 * The sidebar's small month picker: a month grid whose days jump the big calendar to that day.
 * Weeks start on the UI language's first weekday (Monday in German and French, Sunday in
 * English and Brazilian Portuguese, as FullCalendar's locales do); names come from `Intl`.
 * Arrow buttons change the month; each day is a button, so Tab and Enter work.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localIsoDate } from '../dates.ts';

/** First weekday (0 = Sunday) of a UI language. */
export function firstWeekday(language: string): number {
  return language.startsWith('de') || language.startsWith('fr') ? 1 : 0;
}

export interface MiniMonthProps {
  /** Any day of the month shown. */
  month: Date;
  /** The day the big calendar shows (highlighted), if in this month. */
  selected?: Date | undefined;
  onMonthChange: (month: Date) => void;
  onSelect: (day: Date) => void;
}

/** A small month grid (see the module comment). */
export function MiniMonth({ month, selected, onMonthChange, onSelect }: MiniMonthProps) {
  const { t, i18n } = useTranslation('demo-calendar');
  const language = i18n.language;
  const first = firstWeekday(language);
  const today = localIsoDate(new Date());
  const selectedKey = selected ? localIsoDate(selected) : '';

  const days = useMemo(() => {
    const start = new Date(month.getFullYear(), month.getMonth(), 1);
    const lead = (start.getDay() - first + 7) % 7;
    const count = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
    const cells: (Date | null)[] = Array.from({ length: lead }, () => null);
    for (let day = 1; day <= count; day += 1) cells.push(new Date(month.getFullYear(), month.getMonth(), day));
    return cells;
  }, [month, first]);

  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'narrow' });
    // 2023-01-01 was a Sunday.
    return Array.from({ length: 7 }, (_, index) => format.format(new Date(2023, 0, 1 + ((index + first) % 7))));
  }, [language, first]);

  const title = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(month);
  const dayLabel = new Intl.DateTimeFormat(language, { dateStyle: 'full' });
  const shift = (delta: number) => onMonthChange(new Date(month.getFullYear(), month.getMonth() + delta, 1));

  return (
    <Box data-testid="calendar-mini-month">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <IconButton size="small" onClick={() => shift(-1)} aria-label={t('mini.previous')}>
          <ChevronLeft fontSize="small" />
        </IconButton>
        <Typography variant="subtitle2" component="h2" aria-live="polite" sx={{ flexGrow: 1, textAlign: 'center', textTransform: 'capitalize' }}>
          {title}
        </Typography>
        <IconButton size="small" onClick={() => shift(1)} aria-label={t('mini.next')}>
          <ChevronRight fontSize="small" />
        </IconButton>
      </Box>
      <Box role="group" aria-label={t('mini.label')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25, textAlign: 'center' }}>
        {weekdays.map((name, index) => (
          <Typography key={`h${index}`} variant="caption" color="text.secondary" aria-hidden sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
        ))}
        {days.map((day, index) => {
          if (!day) return <span key={`e${index}`} />;
          const key = localIsoDate(day);
          const isSelected = key === selectedKey;
          const isToday = key === today;
          return (
            <ButtonBase
              key={key}
              onClick={() => onSelect(day)}
              aria-label={dayLabel.format(day)}
              aria-current={isToday ? 'date' : undefined}
              aria-pressed={isSelected}
              sx={{
                aspectRatio: '1',
                borderRadius: '50%',
                typography: 'caption',
                fontWeight: isToday ? 700 : 400,
                color: isSelected ? 'primary.contrastText' : isToday ? 'primary.main' : 'text.primary',
                bgcolor: isSelected ? 'primary.main' : 'transparent',
                border: 1,
                borderColor: isToday && !isSelected ? 'primary.main' : 'transparent',
                '&:hover': { bgcolor: isSelected ? 'primary.dark' : 'action.hover' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
              }}
            >
              {day.getDate()}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
