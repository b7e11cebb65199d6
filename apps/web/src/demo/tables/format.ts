/**
 * Number and date formats of the tables showcase, in the UI language (`pt` formats as pt-BR,
 * as everywhere in the app). Amounts are sample USD.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface TableFormats {
  money(value: number): string;
  count(value: number): string;
  rating(value: number): string;
  /** A `YYYY-MM-DD` day or a Date as a short date. */
  day(value: string | Date): string;
}

/** The formats of the current UI language. */
export function useTableFormats(): TableFormats {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = language === 'pt' ? 'pt-BR' : language;
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      money: (value) => money.format(value),
      count: (value) => count.format(value),
      rating: (value) => rating.format(value),
      day: (value) => date.format(typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value),
    };
  }, [language]);
}
