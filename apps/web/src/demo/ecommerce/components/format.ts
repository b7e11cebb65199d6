/**
 * Formatting of the shop screens in the UI language (`Intl`): amounts in US dollars (the demo's
 * currency) and the cart's `YYYY-MM-DD` shipping dates, read as calendar days (no time zone
 * shift). Also the theme colour behind each of the spec's colour options
 * (docs/requirements/constants.md).
 */
import type { TColorOption } from '../schema.ts';

/** `amount` dollars in `language`, e.g. "$1,024.50", "1.024,50 $". */
export function formatMoney(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount);
}

/** A `YYYY-MM-DD` day in `language`, e.g. "Tue, Jun 16". */
export function formatShippingDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The MUI palette entry of each colour option ("danger" is MUI's `error`). */
export const COLOR_PALETTE: Readonly<Record<TColorOption, 'primary' | 'success' | 'warning' | 'error' | 'info'>> = {
  primary: 'primary',
  success: 'success',
  warning: 'warning',
  danger: 'error',
  info: 'info',
};
