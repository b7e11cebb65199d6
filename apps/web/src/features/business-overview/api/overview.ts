/**
 * The Business Overview calls (docs/decisions/0036), all POST with JSON bodies:
 *
 * - `POST /api/orders/outlets {}` → the outlets the user sees, with their orders' range and currency;
 * - `POST /api/orders/insights {outletId, from?, to?}` → order insights of a period (default: the
 *   last 28 days with orders);
 * - `POST /api/orders/forecast {outletId, horizonDays, holdoutDays}` → the revenue projection;
 * - `POST /api/orders/delivery-insights {outletId, from?, to?}`, `POST /api/orders/dining-insights {outletId}`.
 *
 * Refusals come back as the server words them (lib/errors.ts `describeError`): 404 for an outlet
 * the user cannot see, 400 for a period that ends before it starts.
 */
import { ORDERS_API, ZDeliveryInsights, ZDiningInsights, ZForecast, ZOrderInsights, ZOrdersOutlets } from '@dinedesk/contracts/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';

/** The period of a request: both ends or neither (the server's default). */
export interface Period {
  from: string | null;
  to: string | null;
}

const periodBody = (p: Period) => ({ ...(p.from ? { from: p.from } : {}), ...(p.to ? { to: p.to } : {}) });

export const overviewKeys = {
  all: ['business-overview'] as const,
  outlets: () => [...overviewKeys.all, 'outlets'] as const,
  insights: (outletId: string, p: Period) => [...overviewKeys.all, 'insights', outletId, p.from, p.to] as const,
  forecast: (outletId: string, horizon: number) => [...overviewKeys.all, 'forecast', outletId, horizon] as const,
  delivery: (outletId: string, p: Period) => [...overviewKeys.all, 'delivery', outletId, p.from, p.to] as const,
  dining: (outletId: string) => [...overviewKeys.all, 'dining', outletId] as const,
};

export function useOrdersOutlets() {
  return useQuery({ queryKey: overviewKeys.outlets(), queryFn: ({ signal }) => postJson(ORDERS_API.outlets, {}, ZOrdersOutlets, signal), staleTime: 60_000 });
}

export function useOrderInsights(outletId: string | null, period: Period) {
  return useQuery({
    queryKey: overviewKeys.insights(outletId ?? '', period),
    queryFn: ({ signal }) => postJson(ORDERS_API.insights, { outletId, ...periodBody(period) }, ZOrderInsights, signal),
    enabled: outletId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Held-back days of the forecast's error (the benchmark's too). */
export const HOLDOUT_DAYS = 28;

export function useForecast(outletId: string | null, horizonDays: number) {
  return useQuery({
    queryKey: overviewKeys.forecast(outletId ?? '', horizonDays),
    queryFn: ({ signal }) => postJson(ORDERS_API.forecast, { outletId, horizonDays, holdoutDays: HOLDOUT_DAYS }, ZForecast, signal),
    enabled: outletId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryInsights(outletId: string | null, period: Period) {
  return useQuery({
    queryKey: overviewKeys.delivery(outletId ?? '', period),
    queryFn: ({ signal }) => postJson(ORDERS_API.delivery, { outletId, ...periodBody(period) }, ZDeliveryInsights, signal),
    enabled: outletId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDiningInsights(outletId: string | null) {
  return useQuery({
    queryKey: overviewKeys.dining(outletId ?? ''),
    queryFn: ({ signal }) => postJson(ORDERS_API.dining, { outletId }, ZDiningInsights, signal),
    enabled: outletId !== null,
  });
}
