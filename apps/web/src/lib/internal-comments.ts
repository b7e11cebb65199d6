/**
 * What the reviews feature and the comments feature (internal comments) share. Features
 * never import each other (docs/architecture.md "Web boundaries"), so it lives here:
 *
 * - the query key of a review's internal thread: the comments feature caches the thread under
 *   it, and the reviews realtime binding invalidates it when `reviews:changed` says
 *   `kind: 'internal'` (someone added a comment to that review);
 * - {@link ReviewPanelsContext}, the slot through which `app/` hands the comments feature's
 *   section to the review detail (as it hands the client switcher to the shell).
 */
import { createContext, type ComponentType } from 'react';

/**
 * Every review's internal thread. Under the reviews family (`['reviews']`), so what refetches
 * the whole family (a realtime resync after the server lost its Redis link, a new Facebook
 * connection) refetches the open thread too.
 */
export const INTERNAL_COMMENTS_KEY = ['reviews', 'internal-comments'] as const;

/** The internal thread of one review. */
export const internalCommentsKey = (reviewId: string) => [...INTERNAL_COMMENTS_KEY, reviewId] as const;

/**
 * Every ticket's internal thread (tickets have the same thread as reviews). Under the
 * tickets family (`['tickets']`), so what refetches a ticket (its `tickets:changed` event, sent
 * when a comment is added) refetches its thread too.
 */
export const TICKET_COMMENTS_KEY = ['tickets', 'internal-comments'] as const;
export const ticketCommentsKey = (ticketId: string) => [...TICKET_COMMENTS_KEY, ticketId] as const;

/** Whose internal thread: a review's or a ticket's. */
export type ThreadTarget = { reviewId: string } | { ticketId: string };

/** The query key of a thread. */
export const threadKey = (target: ThreadTarget) => ('reviewId' in target ? internalCommentsKey(target.reviewId) : ticketCommentsKey(target.ticketId));

/** Parts of the review and ticket details that other features provide. */
export interface ReviewPanels {
  /**
   * The internal comments section of one review or ticket (a lazy component), or null where the
   * app gives none: a screen rendered on its own, as its tests do.
   */
  InternalComments: ComponentType<{ target: ThreadTarget }> | null;
  /** "Open complaint" for a review (the complaints feature), or null where the app gives none. */
  OpenComplaint: ComponentType<{ reviewId: string }> | null;
}

export const ReviewPanelsContext = createContext<ReviewPanels>({ InternalComments: null, OpenComplaint: null });
