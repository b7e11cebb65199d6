/**
 * `GET /api/review_testing/reply-templates` → `{data}`: the client's reply templates, which the
 * editor offers as a reply or draft action's pool. Read here rather than through the reviews
 * feature (features never import each other), under the automation family's own key.
 */
import { API, ZReplyTemplatesResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';
import { automationKeys } from './keys.ts';

export type TReplyTemplatesResponse = z.infer<typeof ZReplyTemplatesResponse>;

/** @throws {ApiError} as the server words it (403 without `read ReplyTemplate`). */
export function getReplyTemplates(signal?: AbortSignal): Promise<TReplyTemplatesResponse> {
  return getJson(API.replyTemplates, ZReplyTemplatesResponse, undefined, signal);
}

export function replyTemplatesQueryOptions() {
  return queryOptions({ queryKey: automationKeys.templates(), queryFn: ({ signal }) => getReplyTemplates(signal) });
}

/** `enabled` false (the editor is closed, or a role that may not read them) asks nothing. */
export function useReplyTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...replyTemplatesQueryOptions(), enabled });
}
