/**
 * Numbers in the user's language and the outlet's currency (the
 * Business Overview and menu screens):
 * GBP for the London outlets, INR for the Hyderabad ones; plain numbers when an outlet has no
 * orders yet (no currency).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface Formats {
  money: (x: number) => string;
  /** Money without decimals (axes). */
  moneyShort: (x: number) => string;
  number: (x: number) => string;
  decimal: (x: number) => string;
  percent: (x: number) => string;
  /** `YYYY-MM-DD` as a short local date. */
  day: (d: string) => string;
  weekday: (i: number) => string;
}

export function useFormats(currency: string | null): Formats {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const money = currency ? new Intl.NumberFormat(lang, { style: 'currency', currency }) : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    const moneyShort = currency ? new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 0 }) : new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
    const number = new Intl.NumberFormat(lang);
    const decimal = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
    return {
      money: (x) => money.format(x),
      moneyShort: (x) => moneyShort.format(x),
      number: (x) => number.format(x),
      decimal: (x) => decimal.format(x),
      percent: (x) => percent.format(x),
      day: (d) => day.format(new Date(`${d}T00:00:00Z`)),
      // 2024-01-01 was a Monday: weekday 0 = Monday, as the server counts.
      weekday: (i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i))),
    };
  }, [currency, lang]);
}
