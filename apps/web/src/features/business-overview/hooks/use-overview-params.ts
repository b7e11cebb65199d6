/**
 * The outlet and period of a Business Overview screen, in the URL (`?outlet=<id>&from=&to=`,
 * docs/requirements/code-layout.md#list-state-lives-in-the-url), so a link or a reload opens the
 * same view. Without an outlet (or with one the user no longer sees) the first outlet with orders
 * is shown, else the first.
 */
import type { TOrdersOutlet } from '@dinedesk/contracts/orders';
import { useCallback } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import type { Period } from '../api/overview.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useOverviewParams(outlets: readonly TOrdersOutlet[]): {
  outlet: TOrdersOutlet | null;
  period: Period;
  setOutlet: (id: string) => void;
  setPeriod: (p: Period) => void;
} {
  const [params, update] = useUrlParams();
  const asked = params.get('outlet');
  const outlet = outlets.find((o) => o.id === asked) ?? outlets.find((o) => o.orders > 0) ?? outlets[0] ?? null;
  const from = params.get('from');
  const to = params.get('to');
  const period = { from: from && DAY.test(from) ? from : null, to: to && DAY.test(to) ? to : null };
  // Another outlet has another history: its period starts at its own default.
  const setOutlet = useCallback((id: string) => update((next) => applyParams(next, { outlet: id, from: null, to: null })), [update]);
  const setPeriod = useCallback((p: Period) => update((next) => applyParams(next, { from: p.from, to: p.to })), [update]);
  return { outlet, period, setOutlet, setPeriod };
}
