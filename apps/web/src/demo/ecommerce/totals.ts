/**
 * The amounts of a cart or order, in US dollars rounded to cents, shared by the checkout's
 * price details and the mock's `place-order` so the order costs what the cart showed:
 * - subtotal: Σ price × qty;
 * - discount: Σ price × qty × discountPercentage / 100 (the cart view's discount,
 *   docs/requirements/constants.md 3–20 %);
 * - delivery: free when every line ships free, else {@link DELIVERY_FEE} once per order;
 * - total: subtotal − discount + delivery.
 * An empty cart costs nothing.
 */
import { DELIVERY_FEE, type TOrderTotals } from './schema.ts';

/** What a line needs to be priced. */
export interface PricedLine {
  price: number;
  qty: number;
  discountPercentage: number;
  hasFreeShipping: boolean;
}

/** `value` rounded to whole cents. */
export const roundCents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** The amounts of `lines` (see the module comment). */
export function orderTotals(lines: readonly PricedLine[]): TOrderTotals {
  const subtotal = roundCents(lines.reduce((sum, line) => sum + line.price * line.qty, 0));
  const discount = roundCents(lines.reduce((sum, line) => sum + roundCents((line.price * line.qty * line.discountPercentage) / 100), 0));
  const delivery = lines.length > 0 && lines.some((line) => !line.hasFreeShipping) ? DELIVERY_FEE : 0;
  return { subtotal, discount, delivery, total: roundCents(subtotal - discount + delivery) };
}
