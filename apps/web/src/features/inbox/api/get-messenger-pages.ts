/**
 * `GET /api/messenger/pages` (docs/requirements/calls.md) → `{data: TInboxPage[]}`: the client's
 * Facebook Pages with Messenger unread and conversation counts. `id` is the `{pageId}` of the other
 * calls.
 */
import { INBOX, ZInboxPagesResponse, type TInboxPagesResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

/** @throws {ApiError} with the server's message (400/500 bodies included,
 *                    docs/requirements/errors.md). */
export function getMessengerPages(signal?: AbortSignal): Promise<TInboxPagesResponse> {
  return getJson(INBOX.messengerPages, ZInboxPagesResponse, undefined, signal);
}

export function messengerPagesQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.pages('messenger'), queryFn: ({ signal }) => getMessengerPages(signal) });
}

/** The client's Messenger pages (cached under `inboxKeys.pages('messenger')`). */
export function useMessengerPages() {
  return useQuery(messengerPagesQueryOptions());
}
