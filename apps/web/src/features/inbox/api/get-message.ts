/**
 * `GET /api/{channel}/pages/{pageId}/messages/{messageId}` (spec §7) → `{message}`: one message
 * with its attachments and reactions. The thread does not need it (list answers carry full
 * messages); it is here for callers holding only a message id, e.g. a deep link.
 */
import { INBOX, ZMessageResponse, type TChannel, type TInboxMessage } from '@dinedesk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

export interface MessageRef {
  channel: TChannel;
  pageId: string;
  messageId: string;
}

/** @throws {ApiError} with the server's message (unknown message 404; spec §8). */
export async function getMessage({ channel, pageId, messageId }: MessageRef, signal?: AbortSignal): Promise<TInboxMessage> {
  const { message } = await getJson(INBOX.message(channel, pageId, messageId), ZMessageResponse, undefined, signal);
  return message;
}

export function messageQueryOptions(ref: MessageRef) {
  return queryOptions({
    queryKey: inboxKeys.message(ref.channel, ref.pageId, ref.messageId),
    queryFn: ({ signal }) => getMessage(ref, signal),
  });
}
