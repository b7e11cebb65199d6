/**
 * `GET /api/messenger/instagram-pages` (docs/requirements/calls.md) → `{data: TInboxPage[]}`: the
 * Instagram professional accounts linked to the client's Pages. `id` is the Instagram account id,
 * the `{pageId}` of the `instagram` channel's calls.
 */
import { INBOX, ZInboxPagesResponse, type TInboxPagesResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

/** @throws {ApiError} with the server's message (400/500 bodies included,
 *                    docs/requirements/errors.md). */
export function getInstagramPages(signal?: AbortSignal): Promise<TInboxPagesResponse> {
  return getJson(INBOX.instagramPages, ZInboxPagesResponse, undefined, signal);
}

export function instagramPagesQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.pages('instagram'), queryFn: ({ signal }) => getInstagramPages(signal) });
}

/** The client's Instagram accounts (cached under `inboxKeys.pages('instagram')`). */
export function useInstagramPages() {
  return useQuery(instagramPagesQueryOptions());
}
