/**
 * Socket event names and the socket client's settings: plain constants without zod, so a screen
 * that only names an event or opens the socket (the navbar's bell, the shell) loads none of the
 * payload schemas of realtime.ts and the feature contracts (docs/decisions/0018, "Weight of the
 * landing screen"). realtime.ts re-exports them. The feature contracts keep their own event
 * names (REVIEW_SOCKET_EVENTS, …), so a screen that listens to one event loads no other; the
 * names here are checked against theirs by type (`satisfies`), so the two cannot drift apart.
 */
import type { COMPLAINT_SOCKET_EVENTS } from './complaints.ts';
import type { MENTION_SOCKET_EVENTS } from './mentions.ts';
import type { REVIEW_SOCKET_EVENTS } from './reviews.ts';
import type { TICKET_SOCKET_EVENTS } from './tickets.ts';

/** Socket event names. */
export const SOCKET_EVENTS = {
  /** server → client: one committed inbox event (`TInboxEvent`: message, reaction, conversation, read, delivery). */
  inboxEvent: 'inbox:event',
  /** client → server: replay events after `afterEventId` (ack: `TReplayAck` or `{error}`). */
  inboxReplay: 'inbox:replay',
  /** server → client: the rooms were recomputed (access changed); payload `TAccessChangedEvent`. */
  accessChanged: 'access:changed',
  /** server → client: a review or review comment of a page changed (`TReviewsChangedEvent`). */
  reviewsChanged: 'reviews:changed' satisfies (typeof REVIEW_SOCKET_EVENTS)['changed'],
  /**
   * server → client: the server's link to the other processes (Redis) was lost and is back, so
   * live events may have been missed (decision 0021); payload `TResyncEvent`. The
   * client replays from the lower of its last event id and `afterEventId`, and refetches what
   * has no event stream (reviews).
   */
  resync: 'realtime:resync',
  /** server → client: the user was mentioned in an internal comment (`TMentionCreatedEvent`), to the user's room. */
  mentionCreated: 'mention:new' satisfies (typeof MENTION_SOCKET_EVENTS)['created'],
  /** server → client: a complaint was opened, changed or linked (`TComplaintChangedEvent`), to its sources' account rooms. */
  complaintChanged: 'complaints:changed' satisfies (typeof COMPLAINT_SOCKET_EVENTS)['changed'],
  /** server → client: a ticket was created, changed or breached its SLA (`TTicketChangedEvent`), to its outlet's account rooms. */
  ticketChanged: 'tickets:changed' satisfies (typeof TICKET_SOCKET_EVENTS)['changed'],
} as const;

/** Socket client settings: the path, transports and reconnection policy every client uses. */
export const SOCKET_CLIENT_OPTIONS = {
  path: '/api/socket.io',
  transports: ['websocket', 'polling'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: 10,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
} as const;
