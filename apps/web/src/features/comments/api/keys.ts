/**
 * Query keys of the comments feature (internal comments and mentions).
 *
 * - A review's internal thread uses the key shared with the reviews feature
 *   (lib/internal-comments.ts), whose realtime binding refetches it on `reviews:changed`
 *   `kind: 'internal'`.
 * - The mention notifications (the bell's count and list) sit under one prefix, so a
 *   `mention:new` event or a status change refreshes both with one invalidation.
 */
import { threadKey, type ThreadTarget } from '../../../lib/internal-comments.ts';

export const commentKeys = {
  /** The internal thread of a review or a ticket (all its loaded pages). */
  thread: (target: ThreadTarget) => threadKey(target),
  /** Teammates who may be mentioned on a review or a ticket, narrowed by `q`. */
  mentionable: (target: ThreadTarget, q: string) => ['mentionable-users', 'reviewId' in target ? `review:${target.reviewId}` : `ticket:${target.ticketId}`, q] as const,
  /** Every mention notification query of the signed-in user. */
  notifications: () => ['mention-notifications'] as const,
  /** The unread count (the bell's badge). */
  unreadCount: () => [...commentKeys.notifications(), 'unread-count'] as const,
  /** The bell's list (view `inbox`: unread and read, newest first). */
  inbox: () => [...commentKeys.notifications(), 'inbox'] as const,
};
