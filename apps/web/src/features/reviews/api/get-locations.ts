/**
 * `POST /api/review_testing/get_locations/get-locations` (docs/requirements/calls.md) → the
 * client's Google locations linked to outlets, with review counts, health and sync state
 * (docs/decisions/0024). Read from DineDesk's own copy (no call to Google), so it is cheap to ask.
 */
import { API, ZGetLocationsResponse, type TGetLocationsResponse } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** @throws {ApiError} with the server's message. */
export function getLocations(signal?: AbortSignal): Promise<TGetLocationsResponse> {
  return postJson(API.getLocations, {}, ZGetLocationsResponse, signal);
}

export function useGoogleLocations() {
  return useQuery({ queryKey: reviewKeys.locations(), queryFn: ({ signal }) => getLocations(signal) });
}
