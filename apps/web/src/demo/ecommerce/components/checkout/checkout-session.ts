/**
 * Where the checkout wizard is ("the data survives a reload"): the step, the address
 * given in step 2 and the order just placed, kept in `sessionStorage` under
 * `dinedesk.demo.ecommerce-checkout.v1` like the mock's data (mock/session-state.ts), so a
 * reload lands on the same step with the same address, and a closed tab forgets it. The payment
 * form is never stored: card numbers do not belong in storage. A stored copy that does not read
 * as this shape is dropped.
 */
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { ZAddress, ZOrder } from '../../schema.ts';

export const CHECKOUT_STEPS = ['cart', 'address', 'payment'] as const;

const ZCheckoutSession = z.object({
  step: z.number().int().min(0).max(CHECKOUT_STEPS.length - 1),
  address: ZAddress.nullable(),
  order: ZOrder.nullable(),
});
export type CheckoutSession = z.infer<typeof ZCheckoutSession>;

export const CHECKOUT_SESSION_KEY = 'dinedesk.demo.ecommerce-checkout.v1';
const EMPTY: CheckoutSession = { step: 0, address: null, order: null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The stored session, or a fresh one (step 1, nothing given). Never throws. */
export function readCheckoutSession(): CheckoutSession {
  try {
    const raw = storage()?.getItem(CHECKOUT_SESSION_KEY);
    if (!raw) return EMPTY;
    const parsed = ZCheckoutSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The session and a setter that keeps every change (a full or blocked storage only loses the copy). */
export function useCheckoutSession(): [CheckoutSession, (changes: Partial<CheckoutSession>) => void] {
  const [session, setSession] = useState(readCheckoutSession);
  const update = useCallback((changes: Partial<CheckoutSession>) => {
    setSession((current) => {
      const next = { ...current, ...changes };
      try {
        storage()?.setItem(CHECKOUT_SESSION_KEY, JSON.stringify(next));
      } catch {
        // Only the copy across a reload is lost.
      }
      return next;
    });
  }, []);
  return [session, update];
}
