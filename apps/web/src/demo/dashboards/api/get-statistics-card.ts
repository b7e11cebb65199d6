/** `GET /card/card-statistics/{card}?period=` (docs/requirements/calls.md): one statistics card. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { DASHBOARD_API, ZStatisticsCard, type CardQuery, type TStatisticsCard, type TStatisticsCardAnswer } from '../schema.ts';
import { cardSearch } from './card-search.ts';
import { dashboardKeys } from './keys.ts';

/** Fetches statistics card `card`. @throws {DemoRequestError} (404: no such card; 400: a bad period) */
export function getStatisticsCard(card: TStatisticsCard, query: CardQuery = {}, signal?: AbortSignal): Promise<TStatisticsCardAnswer> {
  return demoRequest(`${DASHBOARD_API.statistics(card)}${cardSearch(query)}`, ZStatisticsCard, { signal });
}

/** Query options of one statistics card; a new period keeps the last figures until it arrives. */
export function statisticsCardQueryOptions(card: TStatisticsCard, query: CardQuery = {}) {
  return queryOptions({
    queryKey: dashboardKeys.statistics(card, query),
    queryFn: ({ signal }) => getStatisticsCard(card, query, signal),
    placeholderData: keepPreviousData,
    // The cards never change during a visit.
    staleTime: Infinity,
  });
}

/** Statistics card `card` for `query`. */
export function useStatisticsCard(card: TStatisticsCard, query: CardQuery = {}) {
  return useQuery(statisticsCardQueryOptions(card, query));
}
