/**
 * Invoice amounts (docs/requirements/data.md: `balance` is a number or a signed dollar string such
 * as '-$205.00' or '$0'), shared by the mock and the screens: reading a balance as a number, and
 * the totals of a list of items. Amounts are US dollars, rounded to cents.
 */
import type { TInvoice, TInvoiceItem } from './schema.ts';

/** The balance as a number of dollars: 724 → 724, '-$205.00' → -205, '$1,024.50' → 1024.5. */
export function balanceAmount(balance: TInvoice['balance']): number {
  if (typeof balance === 'number') return balance;
  const value = Number(balance.replace(/[$,]/g, ''));
  return Number.isFinite(value) ? value : 0;
}

/** `value` rounded to cents. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Sum of cost × quantity of `items`, in dollars. */
export function itemsTotal(items: readonly Pick<TInvoiceItem, 'cost' | 'qty'>[]): number {
  return roundCents(items.reduce((sum, item) => sum + item.cost * item.qty, 0));
}

/** `amount` as the template's dollar string: -205 → '-$205.00', 0 → '$0'. */
export function dollarString(amount: number): string {
  if (amount === 0) return '$0';
  const text = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}$${text}`;
}
