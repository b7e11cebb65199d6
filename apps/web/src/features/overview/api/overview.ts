/**
 * The Overview call (docs/decisions/0040): one POST for the whole screen, keyed by
 * period and outlet. Live updates invalidate `overviewKeys.all` (realtime/use-overview-realtime.ts).
 */
import { OVERVIEW_API, ZOverview, type TOverviewPeriod } from '@dinedesk/contracts/overview';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';

export const overviewKeys = {
  all: ['overview'] as const,
  view: (period: TOverviewPeriod, outletId: string | null) => [...overviewKeys.all, period, outletId] as const,
};

/**
 * The Overview of the period (days) and outlet (null: every outlet the user sees). The previous
 * answer stays on screen while another period or outlet loads, so the figures do not blink.
 */
export function useOverview(period: TOverviewPeriod, outletId: string | null) {
  return useQuery({
    queryKey: overviewKeys.view(period, outletId),
    queryFn: ({ signal }) => postJson(OVERVIEW_API.overview, { period, ...(outletId ? { outletId } : {}) }, ZOverview, signal),
    placeholderData: keepPreviousData,
  });
}
