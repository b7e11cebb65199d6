import { useQuery } from '@tanstack/react-query';
import { inboxKeys, type ConversationRef } from '../api/keys.ts';

/**
 * When the guest last read the conversation and up to when their app received the page's
 * messages (ISO times, or null). Never fetched: socket read and delivery receipts fill these
 * entries (realtime/apply-event.ts), so they live in the query cache beside the messages.
 */
export function useGuestReceipts(refs: ConversationRef): { readAt: string | null; deliveredAt: string | null } {
  const socketOnly = { queryFn: () => null, enabled: false, initialData: null as string | null, staleTime: Infinity } as const;
  const read = useQuery({ queryKey: inboxKeys.guestRead(refs.channel, refs.pageId, refs.conversationId), ...socketOnly });
  const delivered = useQuery({ queryKey: inboxKeys.guestDelivered(refs.channel, refs.pageId, refs.conversationId), ...socketOnly });
  return { readAt: read.data, deliveredAt: delivered.data };
}
