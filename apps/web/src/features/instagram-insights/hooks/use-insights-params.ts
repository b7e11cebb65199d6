/**
 * The screen's choices kept in the URL
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url), so a link or a reload shows the
 * same grid: `account` (Facebook Page id of the linked account), `period` (days back from today:
 * 30, 90, 365 or 730), `type` (kinds, comma separated), `sort`, `order`, `metric` (the trend's
 * metric, and the one `min` filters on) and `min`. Values the screen does not offer are ignored,
 * falling back to the defaults.
 */
import { MEDIA_KINDS, MEDIA_SORTS, INSTAGRAM_METRICS, type TInstagramInsightsRequest, type TInstagramMetric, type TMediaKind } from '@dinedesk/contracts/instagram';
import { useCallback, useMemo } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';

export const PERIODS = [30, 90, 365, 730] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 365;
export const DEFAULT_METRIC: TInstagramMetric = 'reach';

export interface InsightsParams {
  account: string | null;
  period: Period;
  types: TMediaKind[];
  sort: (typeof MEDIA_SORTS)[number];
  order: 'asc' | 'desc';
  metric: TInstagramMetric;
  min: number | null;
}

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The request for these choices on `today` (the period ends today, UTC, both ends included). */
export function requestOf(p: InsightsParams, today: Date): TInstagramInsightsRequest {
  return {
    ...(p.account ? { pageId: p.account } : {}),
    from: day(new Date(today.getTime() - (p.period - 1) * DAY_MS)),
    to: day(today),
    ...(p.types.length ? { types: p.types } : {}),
    sort: p.sort,
    order: p.order,
    metric: p.metric,
    ...(p.min !== null ? { min: p.min } : {}),
  };
}

/** URL keys to change (null or '' removes one). */
export type ParamChanges = Partial<Record<'account' | 'period' | 'type' | 'sort' | 'order' | 'metric' | 'min', string | null>>;

export function useInsightsParams(): [InsightsParams, (changes: ParamChanges) => void] {
  const [params, update] = useUrlParams();
  const value = useMemo<InsightsParams>(() => {
    const period = Number(params.get('period'));
    const types = (params.get('type') ?? '').split(',').filter((k): k is TMediaKind => (MEDIA_KINDS as readonly string[]).includes(k));
    const sort = params.get('sort') ?? '';
    const metric = params.get('metric') ?? '';
    const min = params.get('min');
    return {
      account: /^\d{1,30}$/.test(params.get('account') ?? '') ? params.get('account') : null,
      period: (PERIODS as readonly number[]).includes(period) ? (period as Period) : DEFAULT_PERIOD,
      types: [...new Set(types)],
      sort: (MEDIA_SORTS as readonly string[]).includes(sort) ? (sort as InsightsParams['sort']) : 'date',
      order: params.get('order') === 'asc' ? 'asc' : 'desc',
      metric: (INSTAGRAM_METRICS as readonly string[]).includes(metric) ? (metric as TInstagramMetric) : DEFAULT_METRIC,
      min: min !== null && /^\d{1,12}$/.test(min) ? Number(min) : null,
    };
  }, [params]);
  const set = useCallback((changes: ParamChanges) => update((next) => applyParams(next, changes), { replace: true }), [update]);
  return [value, set];
}
