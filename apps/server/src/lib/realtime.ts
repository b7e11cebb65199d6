import type { TComplaintChangedEvent, TInboxEvent, TMentionCreatedEvent, TReviewsChangedEvent, TTicketChangedEvent } from '@dinedesk/contracts';
import type { Db } from '../db/client.ts';

/**
 * The realtime seam ("Realtime is its own seam"; docs/requirements/calls.md#real-time). Services
 * publish what they committed to `ctx.realtime`, a {@link RealtimeHub} created once per process
 * before the app ({@link createRealtime}) and never replaced. A transport (the socket.io plugin,
 * or a recorder in tests) attaches to the hub and delivers; with none attached, publishing is a
 * no-op, so services and tests run without a socket server. Event names, payloads and room
 * names are the contract's (`@dinedesk/contracts` realtime.ts).
 *
 * Publish only what has committed: inside a transaction use {@link transactionThenPublish},
 * which holds the publications until the transaction resolves and drops them on rollback.
 */

/** A stored inbox event and where it belongs: the account's room, the client and outlet. */
export interface RoutedEvent {
  clientId: string;
  outletId: string;
  accountId: string;
  event: TInboxEvent;
}

/** What services publish, after commit. */
export interface Realtime {
  /** Committed inbox events: each goes to its account's room as `inbox:event`. */
  emit(events: RoutedEvent[]): void;
  /** A review or review comment of a page changed (feed webhook): `reviews:changed` to the page's
   * room. */
  reviewsChanged(event: TReviewsChangedEvent): void;
  /** A user was mentioned in an internal comment: `mention:new` to the user's room, in every
   * process. */
  mentionCreated(userId: string, event: TMentionCreatedEvent): void;
  /** A complaint changed: `complaints:changed` to the rooms of the accounts where its guest
   * spoke. */
  complaintChanged(accountIds: string[], event: TComplaintChangedEvent): void;
  /** A ticket changed: `tickets:changed` to the rooms of its outlet's accounts. */
  ticketChanged(accountIds: string[], event: TTicketChangedEvent): void;
  /**
   * The access of these users changed: their open sockets (in any process) recompute their
   * rooms now and receive `access:changed`; sockets that lost all access are disconnected.
   */
  accessChanged(userIds: string[]): Promise<void>;
  /** These sessions ended (logout): their open sockets, in any process, are disconnected. */
  sessionsEnded(sessionIds: string[]): Promise<void>;
}

/**
 * State of the link that carries publications to the other server processes (Redis pub/sub,
 * decision 0021): `off` without one (a single process), `ok`, or `degraded` while it
 * is down: publications then reach this process's sockets only, and the others catch up after.
 */
export type RealtimeLink = 'off' | 'ok' | 'degraded';

/** Something that delivers publications (the socket plugin; a recorder in tests). */
export interface RealtimeTransport extends Realtime {
  /** The transport's cross-process link; a transport without one is treated as `off`. */
  link?(): RealtimeLink;
}

/** The process's publisher: what services call, and where transports attach. */
export interface RealtimeHub extends Realtime {
  /** Adds a transport; every later publication reaches it. @returns a function that detaches it */
  attach(transport: RealtimeTransport): () => void;
  /** `degraded` when any attached transport's link is, else `ok` when one has a link, else `off` (`/api/health`). */
  link(): RealtimeLink;
}

/** Creates the process's hub, with no transport attached yet. */
export function createRealtime(): RealtimeHub {
  const transports = new Set<RealtimeTransport>();
  return {
    attach(transport) {
      transports.add(transport);
      return () => void transports.delete(transport);
    },
    link() {
      const links = [...transports].map((t) => t.link?.() ?? 'off');
      return links.includes('degraded') ? 'degraded' : links.includes('ok') ? 'ok' : 'off';
    },
    emit(events) {
      if (events.length) for (const t of transports) t.emit(events);
    },
    reviewsChanged(event) {
      for (const t of transports) t.reviewsChanged(event);
    },
    mentionCreated(userId, event) {
      for (const t of transports) t.mentionCreated(userId, event);
    },
    complaintChanged(accountIds, event) {
      if (accountIds.length) for (const t of transports) t.complaintChanged(accountIds, event);
    },
    ticketChanged(accountIds, event) {
      if (accountIds.length) for (const t of transports) t.ticketChanged(accountIds, event);
    },
    async accessChanged(userIds) {
      if (userIds.length) await Promise.all([...transports].map((t) => t.accessChanged(userIds)));
    },
    async sessionsEnded(sessionIds) {
      if (sessionIds.length) await Promise.all([...transports].map((t) => t.sessionsEnded(sessionIds)));
    },
  };
}

/** Publications held inside a transaction; delivered by {@link transactionThenPublish} after commit. */
export interface Outbox {
  emit(events: RoutedEvent[]): void;
  reviewsChanged(event: TReviewsChangedEvent): void;
  mentionCreated(userId: string, event: TMentionCreatedEvent): void;
  complaintChanged(accountIds: string[], event: TComplaintChangedEvent): void;
  ticketChanged(accountIds: string[], event: TTicketChangedEvent): void;
  accessChanged(userIds: string[]): void;
  sessionsEnded(sessionIds: string[]): void;
}

/**
 * Runs `work` in one transaction on `ctx.db` and delivers what it put in the outbox once the
 * transaction has committed, in order. When `work` throws, or the commit fails (a deferred
 * constraint), the transaction rolls back and nothing is published: a socket never sees a change
 * that a replay would not find.
 * @returns what `work` returned
 * @throws what `work` or the commit threw; a transport's failure after commit (e.g. Redis
 *   unreachable during `accessChanged`) is thrown too, after the data has committed
 */
export async function transactionThenPublish<T>(ctx: { db: Db; realtime: Realtime }, work: (tx: Db, outbox: Outbox) => Promise<T>): Promise<T> {
  const held: Array<() => void | Promise<void>> = [];
  const outbox: Outbox = {
    emit: (events) => void held.push(() => ctx.realtime.emit(events)),
    reviewsChanged: (event) => void held.push(() => ctx.realtime.reviewsChanged(event)),
    mentionCreated: (userId, event) => void held.push(() => ctx.realtime.mentionCreated(userId, event)),
    complaintChanged: (accountIds, event) => void held.push(() => ctx.realtime.complaintChanged(accountIds, event)),
    ticketChanged: (accountIds, event) => void held.push(() => ctx.realtime.ticketChanged(accountIds, event)),
    accessChanged: (userIds) => void held.push(() => ctx.realtime.accessChanged(userIds)),
    sessionsEnded: (sessionIds) => void held.push(() => ctx.realtime.sessionsEnded(sessionIds)),
  };
  const result = await ctx.db.transaction((tx) => work(tx, outbox));
  for (const publish of held) await publish();
  return result;
}
