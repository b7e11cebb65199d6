/**
 * `GET /card/card-analytics/{card}?period=` (docs/requirements/calls.md; `revenue-report` takes
 * `?year=`): one analytics card, validated with that card's schema.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { ANALYTICS_SCHEMAS, DASHBOARD_API, type CardQuery, type TAnalyticsAnswer, type TAnalyticsCard } from '../schema.ts';
import { cardSearch } from './card-search.ts';
import { dashboardKeys } from './keys.ts';

/** Fetches analytics card `card`. @throws {DemoRequestError} (404: no such card; 400: a bad period or year) */
export function getAnalyticsCard<C extends TAnalyticsCard>(card: C, query: CardQuery = {}, signal?: AbortSignal): Promise<TAnalyticsAnswer<C>> {
  return demoRequest(`${DASHBOARD_API.analytics(card)}${cardSearch(query)}`, ANALYTICS_SCHEMAS[card], { signal }) as Promise<TAnalyticsAnswer<C>>;
}

/** Query options of one analytics card; a new period keeps the last figures until it arrives. */
export function analyticsCardQueryOptions<C extends TAnalyticsCard>(card: C, query: CardQuery = {}) {
  return queryOptions({
    queryKey: dashboardKeys.analytics(card, query),
    queryFn: ({ signal }) => getAnalyticsCard(card, query, signal),
    placeholderData: keepPreviousData,
    // The cards never change during a visit.
    staleTime: Infinity,
  });
}

/** Analytics card `card` for `query`. */
export function useAnalyticsCard<C extends TAnalyticsCard>(card: C, query: CardQuery = {}) {
  return useQuery(analyticsCardQueryOptions(card, query));
}
