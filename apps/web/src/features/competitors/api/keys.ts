/**
 * Query keys of the competitors feature, all under `['competitors']`: an add or a remove
 * refetches the outlet's analysis and any open search with one prefix.
 */
export const competitorKeys = {
  all: ['competitors'] as const,
  analysis: (outletId: string) => [...competitorKeys.all, 'analysis', outletId] as const,
  search: (outletId: string, query: string, city: string, cuisine: string) => [...competitorKeys.all, 'search', outletId, query, city, cuisine] as const,
};
