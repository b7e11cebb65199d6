/**
 * The colour of each calendar (the template's: Business primary, Holiday success, Personal
 * danger, ETC info, Family warning), as MUI palette keys so both skins get their own shade.
 */
import type { Theme } from '@mui/material/styles';
import type { TCalendarName } from '../schema.ts';

export type CalendarPaletteKey = 'primary' | 'success' | 'error' | 'info' | 'warning';

export const CALENDAR_PALETTE: Readonly<Record<TCalendarName, CalendarPaletteKey>> = {
  Business: 'primary',
  Holiday: 'success',
  Personal: 'error',
  ETC: 'info',
  Family: 'warning',
};

/** The main colour of `calendar` in `theme`. */
export function calendarColor(theme: Theme, calendar: TCalendarName): string {
  return theme.palette[CALENDAR_PALETTE[calendar]].main;
}
