/** Billing periods and price formatting of the pricing page. */

/** How the plans are billed; `yearly` shows the monthly equivalent and the year's bill. */
export type Billing = 'monthly' | 'yearly';

/** The billing period of a `?billing=` value (anything but `yearly` is monthly). */
export function billingOf(value: string | null): Billing {
  return value === 'yearly' ? 'yearly' : 'monthly';
}

/** Whole US dollars in the reader's language, e.g. `$49` (en) or `49 $US` (fr). */
export function formatDollars(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amount);
}

/** The saving of yearly billing against monthly, in whole percent (0 for a free plan). */
export function yearlySaving(monthlyPrice: number, perMonth: number): number {
  return monthlyPrice > 0 ? Math.round(((monthlyPrice - perMonth) / monthlyPrice) * 100) : 0;
}
