/**
 * Applies one socket event (`TInboxEvent`, docs/requirements/calls.md realtime) to the query cache.
 * Safe to apply twice: messages and conversations are upserted by id, and a message that is already
 * cached (the sender's own POST answer arrived first) does not count as new.
 */
import type { TInboxEvent } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { inboxKeys } from '../api/keys.ts';
import { hasMessage, markReadLocally, noteNewMessage, upsertConversation, upsertMessage } from '../cache.ts';

export function applyInboxEvent(queryClient: QueryClient, event: TInboxEvent): void {
  switch (event.type) {
    case 'message': {
      const known = hasMessage(queryClient, event.message);
      upsertMessage(queryClient, event.message);
      if (!known) noteNewMessage(queryClient, event.message);
      return;
    }
    case 'reaction':
      upsertMessage(queryClient, event.message);
      return;
    case 'conversation':
      upsertConversation(queryClient, event.conversation);
      return;
    case 'read':
      if (event.by === 'page') {
        markReadLocally(queryClient, event.channel, event.pageId, event.conversationId);
      } else {
        // The guest's read receipt ("Seen" under the page's last message); keep the latest.
        queryClient.setQueryData<string>(inboxKeys.guestRead(event.channel, event.pageId, event.conversationId), (before) =>
          before && Date.parse(before) >= Date.parse(event.watermark) ? before : event.watermark,
        );
      }
      return;
    case 'delivery':
      // Delivered ticks under the page's messages (Messenger `delivery` webhook); keep the latest.
      queryClient.setQueryData<string>(inboxKeys.guestDelivered(event.channel, event.pageId, event.conversationId), (before) =>
        before && Date.parse(before) >= Date.parse(event.watermark) ? before : event.watermark,
      );
      return;
  }
}
