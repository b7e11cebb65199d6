/**
 * Locale-aware formatting in the UI language (dates and numbers follow the
 * language). Pass `i18n.language` / `currentLanguage()`; `Intl` does the rest.
 */

/** A timestamp as a date (and time), e.g. "9 Jan 2025" in en, "09.01.2025" in de. */
export function formatDate(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/**
 * A calendar date without time (`YYYY-MM-DD`). Read and shown in UTC, so the day never shifts
 * with the reader's time zone.
 */
export function formatDateOnly(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A number with a fixed count of fraction digits and the language's separators. */
export function formatNumber(value: number, language: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

const SIZE_UNITS = [
  { unit: 'gigabyte', bytes: 1024 ** 3 },
  { unit: 'megabyte', bytes: 1024 ** 2 },
  { unit: 'kilobyte', bytes: 1024 },
] as const;

/** A file size in the largest fitting unit, e.g. "2.3 MB" in en, "2,3 Mo" in fr. */
export function formatFileSize(bytes: number, language: string): string {
  const fit = SIZE_UNITS.find((candidate) => bytes >= candidate.bytes);
  const format = (value: number, unit: string) =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  return fit ? format(bytes / fit.bytes, fit.unit) : format(bytes, 'byte');
}
