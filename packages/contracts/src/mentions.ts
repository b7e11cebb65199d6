import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging, ZRowId } from './common.ts';
import { ZReviewId, ZReviewSource } from './reviews.ts';

/**
 * Internal comments and @mentions (docs/requirements/product.md and calls.md, docs/decisions/0025):
 * the team's own thread beside a review's public replies, never published. A comment's text holds
 * mentions as plain `@Full Name`; the ids of the mentioned teammates travel beside it
 * (`mentionUserIds`) and each must be a user who can see the review's outlet. Each mention notifies
 * its teammate: live in the navbar bell (`mention:new` on the socket) and by email.
 */

/** Longest internal comment, characters (a long note, not a document). */
export const INTERNAL_COMMENT_MAX_LENGTH = 4000;
/** Most teammates one comment may mention. */
export const MENTIONS_MAX = 20;

const uuid = (name: string) => z.uuid({ error: `${name} must be a user id` });

/**
 * `POST /api/review/comments` (docs/requirements/calls.md): `request: 'list'` reads a review's
 * internal thread, oldest first, keyset paged; `request: 'add'` adds a comment
 * (docs/requirements/states.md sets the precedent of a `request` field choosing the operation of
 * one call).
 */
export const ZInternalCommentsRequest = z.discriminatedUnion(
  'request',
  [
    z
      .object({
        request: z.literal('list'),
        reviewId: ZReviewId,
        cursor: ZCursor.optional(),
        limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
      })
      .strict(),
    z
      .object({
        request: z.literal('add'),
        reviewId: ZReviewId,
        text: z
          .string({ error: 'text is required' })
          .trim()
          .min(1, 'text must not be empty')
          .max(INTERNAL_COMMENT_MAX_LENGTH, `text must be at most ${INTERNAL_COMMENT_MAX_LENGTH} characters`),
        mentionUserIds: z
          .array(uuid('mentionUserIds[]'), { error: 'mentionUserIds must be a list of user ids' })
          .max(MENTIONS_MAX, `mentionUserIds must hold at most ${MENTIONS_MAX} users`)
          .default([]),
      })
      .strict(),
  ],
  { error: "request must be 'list' or 'add'" },
);
export type TInternalCommentsRequest = z.input<typeof ZInternalCommentsRequest>;

/** `POST /api/tickets/comments`: the same thread on a ticket (`ticketId` in place of `reviewId`). */
export const ZTicketCommentsRequest = z.discriminatedUnion(
  'request',
  [
    ZInternalCommentsRequest.options[0].omit({ reviewId: true }).extend({ ticketId: ZRowId('ticketId') }).strict(),
    ZInternalCommentsRequest.options[1].omit({ reviewId: true }).extend({ ticketId: ZRowId('ticketId') }).strict(),
  ],
  { error: "request must be 'list' or 'add'" },
);
export type TTicketCommentsRequest = z.input<typeof ZTicketCommentsRequest>;

export const ZMentionedUser = z.object({ id: z.string(), fullName: z.string() });
export type TMentionedUser = z.infer<typeof ZMentionedUser>;

export const ZInternalComment = z.object({
  id: z.string(),
  /** The review or the ticket (on tickets) the thread belongs to. */
  reviewId: z.string().nullable(),
  ticketId: z.string().nullable(),
  /** Null once the author's account is deleted; `authorName` stays. */
  authorUserId: z.string().nullable(),
  authorName: z.string(),
  text: z.string(),
  mentions: z.array(ZMentionedUser),
  createdAt: ZIsoTime,
});
export type TInternalComment = z.infer<typeof ZInternalComment>;

export const ZInternalCommentsListResponse = z.object({ data: z.array(ZInternalComment), paging: ZPaging });
export type TInternalCommentsListResponse = z.infer<typeof ZInternalCommentsListResponse>;
export const ZInternalCommentAddResponse = z.object({ comment: ZInternalComment });
export type TInternalCommentAddResponse = z.infer<typeof ZInternalCommentAddResponse>;

/** `POST /api/review/mentions-users` (docs/requirements/calls.md): who may be mentioned on a
 * review. */
export const ZMentionsUsersRequest = z
  .object({
    reviewId: ZReviewId,
    /** Narrows by name or email (case-insensitive, anywhere in it). */
    q: z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters').optional(),
  })
  .strict();
export type TMentionsUsersRequest = z.input<typeof ZMentionsUsersRequest>;
/** `POST /api/tickets/mentions-users`: who may be mentioned on a ticket (who can see its outlet). */
export const ZTicketMentionsUsersRequest = ZMentionsUsersRequest.omit({ reviewId: true }).extend({ ticketId: ZRowId('ticketId') }).strict();
export type TTicketMentionsUsersRequest = z.input<typeof ZTicketMentionsUsersRequest>;

/** A teammate who can see the review's outlet (the caller excluded), by name. */
export const ZMentionableUser = z.object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.string() });
export type TMentionableUser = z.infer<typeof ZMentionableUser>;
export const ZMentionsUsersResponse = z.object({ data: z.array(ZMentionableUser) });
export type TMentionsUsersResponse = z.infer<typeof ZMentionsUsersResponse>;

/**
 * Status of a mention notification (docs/requirements/states.md#access-ids-and-mentions): `unread`
 * until opened, `read`, `archived` out of the bell's list.
 */
export const MENTION_STATUSES = ['unread', 'read', 'archived'] as const;
export const ZMentionStatus = z.enum(MENTION_STATUSES, { error: "status must be 'unread', 'read' or 'archived'" });
export type TMentionStatus = z.infer<typeof ZMentionStatus>;

/**
 * `POST /api/review/mention-notifications` (docs/requirements/calls.md): the caller's mentions in
 * the current client, newest first. `view`: `inbox` (unread and read, the bell's list; default),
 * `unread`, `archived`.
 */
export const ZMentionNotificationsRequest = z
  .object({
    view: z.enum(['inbox', 'unread', 'archived'], { error: "view must be 'inbox', 'unread' or 'archived'" }).default('inbox'),
    cursor: ZCursor.optional(),
    limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  })
  .strict();
export type TMentionNotificationsRequest = z.input<typeof ZMentionNotificationsRequest>;

export const ZMentionNotification = z.object({
  id: z.string(),
  status: ZMentionStatus,
  createdAt: ZIsoTime,
  author: z.object({ id: z.string().nullable(), fullName: z.string() }),
  /** The comment's text, cut to 280 characters. */
  excerpt: z.string(),
  commentId: z.string(),
  /** The review of the thread, or null when the thread is a ticket's. */
  review: z
    .object({
      id: z.string(),
      source: ZReviewSource,
      outletId: z.string(),
      outletName: z.string(),
      reviewerName: z.string(),
      rating: z.number().int().nullable(),
    })
    .nullable(),
  /** The ticket of the thread, or null when the thread is a review's. */
  ticket: z.object({ id: z.string(), title: z.string(), outletId: z.string(), outletName: z.string() }).nullable(),
});
export type TMentionNotification = z.infer<typeof ZMentionNotification>;
export const ZMentionNotificationsResponse = z.object({
  data: z.array(ZMentionNotification),
  paging: ZPaging,
  /** Unread mentions of the caller in this client (the bell's badge), whatever the view. */
  unreadCount: z.number().int(),
});
export type TMentionNotificationsResponse = z.infer<typeof ZMentionNotificationsResponse>;

/** `POST /api/review/mentions/status` (docs/requirements/calls.md): set the status of some of the
 * caller's mentions, or of all unread ones. */
export const ZMentionStatusRequest = z
  .object({
    ids: z
      .array(ZRowId('ids[]'), { error: 'ids must be a list of notification ids' })
      .min(1, 'ids must not be empty')
      .max(100, 'ids must hold at most 100 notifications')
      .optional(),
    /** Every unread mention of the caller in this client ("mark all read"). */
    allUnread: z.literal(true, { error: 'allUnread must be true' }).optional(),
    status: ZMentionStatus,
  })
  .strict()
  .refine((v) => (v.ids === undefined) !== (v.allUnread === undefined), { message: 'give either ids or allUnread', path: ['ids'] });
export type TMentionStatusRequest = z.input<typeof ZMentionStatusRequest>;
export const ZMentionStatusResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type TMentionStatusResponse = z.infer<typeof ZMentionStatusResponse>;

/** Socket event: the signed-in user was mentioned (to the user's room, in every process). */
export const MENTION_SOCKET_EVENTS = { created: 'mention:new' } as const;
export const ZMentionCreatedEvent = z.object({
  clientId: z.string(),
  notificationId: z.string(),
  /** Where the mention is: a review's thread or a ticket's (one of the two is set). */
  reviewId: z.string().nullable(),
  ticketId: z.string().nullable(),
  authorName: z.string(),
});
export type TMentionCreatedEvent = z.infer<typeof ZMentionCreatedEvent>;

/**
 * Where each mention sits in `text`: the `@Full Name` spans of the mentioned users, longest name
 * first so "@Ana Maria" wins over "@Ana". Used by the server (every mentioned user must be named
 * in the text) and by the web app (to highlight them). Spans do not overlap; sorted by start.
 */
export function mentionSpans(text: string, mentions: readonly TMentionedUser[]): { start: number; end: number; userId: string }[] {
  const taken: { start: number; end: number; userId: string }[] = [];
  const byLength = [...mentions].sort((a, b) => b.fullName.length - a.fullName.length);
  for (const m of byLength) {
    const needle = `@${m.fullName}`;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const end = at + needle.length;
      if (taken.some((t) => at < t.end && end > t.start)) continue;
      taken.push({ start: at, end, userId: m.id });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}
