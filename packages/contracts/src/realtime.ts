import { z } from 'zod';
import { ZInboxEvent, type TInboxEvent } from './inbox.ts';
import { ZComplaintChangedEvent, type TComplaintChangedEvent } from './complaints.ts';
import { ZTicketChangedEvent, type TTicketChangedEvent } from './tickets.ts';
import { ZMentionCreatedEvent, type TMentionCreatedEvent } from './mentions.ts';
import { ZReviewsChangedEvent, type TReviewsChangedEvent } from './reviews.ts';
import { SOCKET_EVENTS } from './socket-events.ts';

export { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS } from './socket-events.ts';

/**
 * Realtime contract (socket.io at `/api/socket.io`, docs/requirements/calls.md#real-time,
 * docs/requirements/constants.md socket settings; "Realtime is its own seam"): every event name,
 * its payload schema and type, the client's replay call with its ack, and the names of the server's
 * rooms. The server types `Server<ClientToServerEvents, ServerToClientEvents>` and the web app
 * `Socket<ServerToClientEvents, ClientToServerEvents>` with the interfaces below, so a renamed
 * event or a changed payload fails to compile on both ends.
 */


/**
 * Payload of `access:changed`: `access` when the user's rooms were recomputed, `removed` just
 * before a socket that lost all access is disconnected (decision 0008).
 */
export const ZAccessChangedEvent = z.object({ reason: z.enum(['access', 'removed']) });
export type TAccessChangedEvent = z.infer<typeof ZAccessChangedEvent>;

/**
 * Payload of `realtime:resync`: events with an id above `afterEventId` may not have reached this
 * socket live (the server's estimate: the last event stored a margin before its link went down).
 */
export const ZResyncEvent = z.object({ afterEventId: z.number().int().min(0) });
export type TResyncEvent = z.infer<typeof ZResyncEvent>;

/** `inbox:replay` request: events with an id above `afterEventId` (the last one the client applied). */
export const ZReplayRequest = z.object({ afterEventId: z.number().int().min(0) });
export type TReplayRequest = z.infer<typeof ZReplayRequest>;
/** `inbox:replay` ack: up to one batch of events in id order; ask again while `complete` is false. */
export const ZReplayAck = z.object({ events: z.array(ZInboxEvent), complete: z.boolean() });
export type TReplayAck = z.infer<typeof ZReplayAck>;
/**
 * `inbox:replay` ack when the request was malformed, the session no longer valid, or the call
 * refused by the socket limits (`code`: `rate_limited` past the calls per window of the
 * connection or the user, `busy` while earlier calls of the connection are still answered;
 * `retryAfterMs` says when to try again).
 */
export type TReplayError = { error: string; code?: 'rate_limited' | 'busy'; retryAfterMs?: number };

/** Payload schema of each server → client event (listeners validate what they receive with it). */
export const SERVER_EVENT_PAYLOADS = {
  [SOCKET_EVENTS.inboxEvent]: ZInboxEvent,
  [SOCKET_EVENTS.accessChanged]: ZAccessChangedEvent,
  [SOCKET_EVENTS.reviewsChanged]: ZReviewsChangedEvent,
  [SOCKET_EVENTS.resync]: ZResyncEvent,
  [SOCKET_EVENTS.mentionCreated]: ZMentionCreatedEvent,
  [SOCKET_EVENTS.complaintChanged]: ZComplaintChangedEvent,
  [SOCKET_EVENTS.ticketChanged]: ZTicketChangedEvent,
} as const;

/** Server → client events with their payloads. */
export interface ServerToClientEvents {
  [SOCKET_EVENTS.inboxEvent]: (event: TInboxEvent) => void;
  [SOCKET_EVENTS.accessChanged]: (event: TAccessChangedEvent) => void;
  [SOCKET_EVENTS.reviewsChanged]: (event: TReviewsChangedEvent) => void;
  [SOCKET_EVENTS.resync]: (event: TResyncEvent) => void;
  [SOCKET_EVENTS.mentionCreated]: (event: TMentionCreatedEvent) => void;
  [SOCKET_EVENTS.complaintChanged]: (event: TComplaintChangedEvent) => void;
  [SOCKET_EVENTS.ticketChanged]: (event: TTicketChangedEvent) => void;
}

/** Client → server events; the replay answers through socket.io's acknowledgement. */
export interface ClientToServerEvents {
  [SOCKET_EVENTS.inboxReplay]: (request: TReplayRequest, ack: (answer: TReplayAck | TReplayError) => void) => void;
}

/**
 * Server rooms. A socket joins the rooms of the inbox accounts (page ids and Instagram ids) its
 * user may see, its user's room (access changes reach every process) and its session's room
 * (logout disconnects it in every process).
 */
export const ACCOUNT_ROOM_PREFIX = 'acct:';
export const accountRoom = (accountId: string) => `${ACCOUNT_ROOM_PREFIX}${accountId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

