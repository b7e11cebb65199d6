/** Money of minor units (pence, paise) in the outlet's currency and the user's language; a plain number without a currency. */
export function money(minor: number, currency: string | null, lang: string): string {
  return new Intl.NumberFormat(lang, currency ? { style: 'currency', currency } : { maximumFractionDigits: 2 }).format(minor / 100);
}
