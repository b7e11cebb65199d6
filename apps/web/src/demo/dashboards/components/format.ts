/**
 * Number formats of the dashboard cards, in the reader's language: counts and
 * dollars compact from 10,000 up ("97.5K", "$1.1M"; the figure in full in the text a screen
 * reader gets), percentages from 0–100 values, signed changes, hours, a duration in minutes
 * and seconds, month and weekday names.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface CardFormats {
  /** A count, compact from 10,000 ("18.6K"). */
  count(value: number): string;
  /** A count in full ("18,572"). */
  fullCount(value: number): string;
  /** US dollars, compact from 10,000 ("$97.5K"), whole dollars below. */
  usd(value: number): string;
  /** US dollars in full ("$97,533"). */
  fullUsd(value: number): string;
  /** `value` of 100 as a percentage ("51.1%"), at most one decimal. */
  percent(value: number): string;
  /** A signed change in percent ("+4.7%", "−2.9%"). */
  change(value: number): string;
  /** Hours, one decimal ("5.2 hr"). */
  hours(value: number): string;
  /** A duration given in seconds, as minutes and seconds ("4 min 6 sec"). */
  duration(seconds: number): string;
  /** Short month name of month 1–12 ("Jan"). */
  month(month: number): string;
  /** Short weekday name, 0 = Monday ("Mon"). */
  weekday(index: number): string;
  /** Items joined as the language lists them ("a, b and c"). */
  list(items: readonly string[]): string;
}

/** The formats of the current language (memoised per language). */
export function useCardFormats(): CardFormats {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const compactUsd = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
    const wholeUsd = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const signed = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
    const hours = new Intl.NumberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 });
    const minutes = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
    const seconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short' });
    const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    return {
      count: (value) => (Math.abs(value) >= 10_000 ? compact : whole).format(value),
      fullCount: (value) => whole.format(value),
      usd: (value) => (Math.abs(value) >= 10_000 ? compactUsd : wholeUsd).format(value),
      fullUsd: (value) => wholeUsd.format(value),
      percent: (value) => percent.format(value / 100),
      change: (value) => signed.format(value / 100),
      hours: (value) => hours.format(value),
      duration: (total) => {
        const rounded = Math.round(total);
        const parts: string[] = [];
        if (rounded >= 60) parts.push(minutes.format(Math.floor(rounded / 60)));
        if (rounded % 60 !== 0 || rounded < 60) parts.push(seconds.format(rounded % 60));
        return parts.join(' ');
      },
      // 2024-01-01 was a Monday: day `index` after it is weekday `index`.
      month: (value) => month.format(new Date(Date.UTC(2024, value - 1, 1))),
      weekday: (index) => weekday.format(new Date(Date.UTC(2024, 0, 1 + index))),
      list: (items) => list.format(items),
    };
  }, [language]);
}
