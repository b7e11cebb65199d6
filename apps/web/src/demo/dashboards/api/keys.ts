/** TanStack Query keys of the dashboard cards: one entry per card and query (period or year). */
import type { CardQuery, TAnalyticsCard, TStatisticsCard } from '../schema.ts';

export const dashboardKeys = {
  all: ['demo', 'dashboards'] as const,
  analytics: (card: TAnalyticsCard, query: CardQuery) => [...dashboardKeys.all, 'analytics', card, query] as const,
  statistics: (card: TStatisticsCard, query: CardQuery) => [...dashboardKeys.all, 'statistics', card, query] as const,
};
