import type { TInstagramInsightsRequest } from '@dinedesk/contracts/instagram';

/** Query keys of the Instagram insights feature, all under `['instagram-insights']`. */
export const instagramKeys = {
  all: ['instagram-insights'] as const,
  insights: (request: TInstagramInsightsRequest) => [...instagramKeys.all, 'media', request] as const,
};
