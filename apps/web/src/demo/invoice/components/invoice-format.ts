/**
 * Formatting of the invoice screens in the UI language (`Intl`): amounts in US dollars (the
 * demo's currency) and `YYYY-MM-DD` dates shown in UTC so the day never shifts. Also the
 * seller block every invoice carries (the template's sample company).
 */

/** `amount` dollars in `language`, e.g. "$1,024.50", "1.024,50 $". */
export function formatMoney(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount);
}

/** A `YYYY-MM-DD` date in `language`, e.g. "13 Dec 2025". */
export function formatInvoiceDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** The invoice's number as printed ("#4987"). */
export const invoiceNumber = (id: number) => `#${id}`;

/** Who issues the invoices (the template's sample seller). */
export const SELLER = {
  name: 'DineDesk',
  lines: ['Office 149, 450 South Brand Brooklyn', 'San Diego County, CA 91905, USA', '+1 (123) 456 7891, +44 (876) 543 2198'],
  email: 'billing@dinedesk.example',
} as const;
