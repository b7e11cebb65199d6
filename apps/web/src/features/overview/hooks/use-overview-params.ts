/**
 * The Overview's period and outlet in the URL (`/?period=7|30|90&outletId=<id>`,
 * docs/requirements/code-layout.md#list-state-lives-in-the-url): a reload or a shared link shows
 * the same view. Values the contract refuses read as the defaults (30 days, every outlet).
 */
import { ZOverviewRequest, type TOverviewPeriod } from '@dinedesk/contracts/overview';
import { useCallback } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';

const shape = ZOverviewRequest.shape;
export const DEFAULT_PERIOD: TOverviewPeriod = '30';

export function useOverviewParams(): {
  period: TOverviewPeriod;
  outletId: string | null;
  setPeriod: (period: TOverviewPeriod) => void;
  setOutlet: (outletId: string | null) => void;
} {
  const [params, update] = useUrlParams();
  const period = shape.period.safeParse(params.get('period') ?? undefined);
  const rawOutlet = params.get('outletId');
  const outletId = rawOutlet && shape.outletId.safeParse(rawOutlet).success ? rawOutlet : null;
  const setPeriod = useCallback((p: TOverviewPeriod) => update((next) => applyParams(next, { period: p === DEFAULT_PERIOD ? null : p })), [update]);
  const setOutlet = useCallback((id: string | null) => update((next) => applyParams(next, { outletId: id })), [update]);
  return { period: period.success ? period.data : DEFAULT_PERIOD, outletId, setPeriod, setOutlet };
}
