import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging, ZRowId } from './common.ts';
import { ZReviewId } from './reviews.ts';

/**
 * Complaints (docs/requirements/screen-contents.md#complaints, docs/decisions/0026): one incident
 * of one guest at one outlet, wherever the guest spoke. A complaint gathers its sources (reviews
 * and inbox conversations) into one timeline, has a status, an assignee and a root-cause tag.
 *
 * - A review with rating ≤ 2 or negative sentiment, created within the last
 *   {@link COMPLAINT_LOOKBACK_DAYS} days, becomes a complaint when it arrives; any review can be
 *   turned into one by hand (`open-from-review`).
 * - A teammate flags an inbox conversation (optionally one message of it) from the thread.
 * - Review and conversation of the same guest name at the same outlet within
 *   {@link COMPLAINT_LINK_DAYS} days join one complaint; a teammate may link others by hand.
 */

/** Reviews older than this (by their creation) do not become complaints by themselves: history is not an incident. */
export const COMPLAINT_LOOKBACK_DAYS = 14;
/** A review and a conversation of the same guest and outlet this close in time are one incident. */
export const COMPLAINT_LINK_DAYS = 3;

export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export const ZComplaintStatus = z.enum(COMPLAINT_STATUSES, { error: "status must be 'open', 'in_progress' or 'resolved'" });
export type TComplaintStatus = z.infer<typeof ZComplaintStatus>;

/** The root causes every client has; a client adds its own (`root-causes`). */
export const DEFAULT_ROOT_CAUSES = ['food', 'service', 'delivery', 'price', 'hygiene', 'other'] as const;
/** A root-cause key: lower-case words joined by `_`, as the defaults. */
export const ZRootCause = z
  .string({ error: 'rootCause must be text' })
  .trim()
  .min(2, 'rootCause must be 2 to 40 characters')
  .max(40, 'rootCause must be 2 to 40 characters')
  .regex(/^[a-z][a-z0-9_]*$/, 'rootCause must be lower-case letters, digits and _ (e.g. wrong_order)');

const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });
const ZChannel = z.enum(['messenger', 'instagram'], { error: "channel must be 'messenger' or 'instagram'" });

/** `POST /api/complaints/list`: the client's complaints the caller may see, newest first. */
export const ZListComplaintsRequest = z
  .object({
    status: ZComplaintStatus.optional(),
    brandId: uuid('brandId').optional(),
    outletId: uuid('outletId').optional(),
    /** A user id, or `me`. */
    assignee: z.union([z.literal('me'), z.literal('none'), uuid('assignee')], { error: "assignee must be a user id, 'me' or 'none'" }).optional(),
    rootCause: ZRootCause.optional(),
    cursor: ZCursor.optional(),
    limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
  })
  .strict();
export type TListComplaintsRequest = z.input<typeof ZListComplaintsRequest>;

export const ZComplaintSourceKind = z.enum(['review', 'conversation']);

/** One source of a complaint, in summary. */
export const ZComplaintSource = z.object({
  kind: ZComplaintSourceKind,
  /** Review id or conversation id. */
  id: z.string(),
  /** Review: `facebook` or `google`; conversation: `messenger` or `instagram`. */
  channel: z.string(),
  /** Facebook Page id, Instagram account id or Google location name: where the guest spoke. */
  accountId: z.string().nullable(),
  guestName: z.string(),
  rating: z.number().int().nullable(),
  excerpt: z.string(),
  at: ZIsoTime,
  /** Null when DineDesk attached it by itself. */
  linkedByName: z.string().nullable(),
});
export type TComplaintSource = z.infer<typeof ZComplaintSource>;

export const ZComplaint = z.object({
  id: z.string(),
  status: ZComplaintStatus,
  outletId: z.string(),
  outletName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  guestName: z.string(),
  assignee: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  rootCause: z.string().nullable(),
  openedAt: ZIsoTime,
  updatedAt: ZIsoTime,
  resolvedAt: ZIsoTime.nullable(),
  /** Null: opened by DineDesk from a review. */
  openedByName: z.string().nullable(),
  sources: z.array(ZComplaintSource),
  /** The ticket made from it, if any ("one click turns a complaint into a ticket"). */
  ticketId: z.string().nullable(),
});
export type TComplaint = z.infer<typeof ZComplaint>;

export const ZListComplaintsResponse = z.object({
  data: z.array(ZComplaint),
  paging: ZPaging,
  /** Complaints per status under the same filters but status. */
  counts: z.object({ open: z.number().int(), in_progress: z.number().int(), resolved: z.number().int() }),
});
export type TListComplaintsResponse = z.infer<typeof ZListComplaintsResponse>;

/** `POST /api/complaints/get`: one complaint with its timeline. */
export const ZGetComplaintRequest = z.object({ complaintId: ZRowId('complaintId') }).strict();
export type TGetComplaintRequest = z.input<typeof ZGetComplaintRequest>;

/** One entry of a complaint's timeline, oldest first. */
export const ZTimelineItem = z.object({
  at: ZIsoTime,
  kind: z.enum(['review', 'review_reply', 'guest_message', 'page_message', 'activity']),
  /** The source it belongs to (review or conversation id); null for activity. */
  sourceId: z.string().nullable(),
  channel: z.string().nullable(),
  author: z.string(),
  text: z.string(),
  rating: z.number().int().nullable(),
  /** Activity entries: what changed and to what (the web app words it in the user's language). */
  activity: z
    .object({ kind: z.enum(['opened', 'status', 'assignee', 'root_cause', 'linked']), value: z.string().nullable() })
    .nullable(),
});
export type TTimelineItem = z.infer<typeof ZTimelineItem>;

export const ZComplaintDetail = ZComplaint.extend({ timeline: z.array(ZTimelineItem) });
export type TComplaintDetail = z.infer<typeof ZComplaintDetail>;

/** `POST /api/complaints/update`: any of status, assignee (null unassigns), root cause (null clears). */
export const ZUpdateComplaintRequest = z
  .object({
    complaintId: ZRowId('complaintId'),
    status: ZComplaintStatus.optional(),
    assigneeUserId: uuid('assigneeUserId').nullable().optional(),
    rootCause: ZRootCause.nullable().optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.assigneeUserId !== undefined || v.rootCause !== undefined, { message: 'give status, assigneeUserId or rootCause', path: ['status'] });
export type TUpdateComplaintRequest = z.input<typeof ZUpdateComplaintRequest>;

/** `POST /api/complaints/open-from-review`: a review becomes a complaint (or answers the one it belongs to). */
export const ZOpenFromReviewRequest = z.object({ reviewId: ZReviewId }).strict();
export type TOpenFromReviewRequest = z.input<typeof ZOpenFromReviewRequest>;

/** `POST /api/complaints/flag-conversation`: a teammate flags an inbox conversation as a complaint. */
export const ZFlagConversationRequest = z
  .object({
    channel: ZChannel,
    pageId: z.string().regex(/^\d{1,32}$/, 'pageId must be a Facebook Page id (digits)'),
    conversationId: ZRowId('conversationId'),
  })
  .strict();
export type TFlagConversationRequest = z.input<typeof ZFlagConversationRequest>;

/** `POST /api/complaints/link`: attach a review or a conversation of the same outlet to a complaint. */
export const ZLinkComplaintRequest = z
  .object({
    complaintId: ZRowId('complaintId'),
    reviewId: ZReviewId.optional(),
    conversationId: ZRowId('conversationId').optional(),
  })
  .strict()
  .refine((v) => (v.reviewId === undefined) !== (v.conversationId === undefined), { message: 'give either reviewId or conversationId', path: ['reviewId'] });
export type TLinkComplaintRequest = z.input<typeof ZLinkComplaintRequest>;

export const ZComplaintResponse = z.object({ complaint: ZComplaint, created: z.boolean() });
export type TComplaintResponse = z.infer<typeof ZComplaintResponse>;

/** `POST /api/complaints/root-causes`: the client's root causes; owners add and remove their own. */
export const ZRootCausesRequest = z.discriminatedUnion(
  'request',
  [
    z.object({ request: z.literal('list') }).strict(),
    z.object({ request: z.literal('add'), rootCause: ZRootCause }).strict(),
    z.object({ request: z.literal('remove'), rootCause: ZRootCause }).strict(),
  ],
  { error: "request must be 'list', 'add' or 'remove'" },
);
export type TRootCausesRequest = z.input<typeof ZRootCausesRequest>;
export const ZRootCausesResponse = z.object({
  defaults: z.array(z.string()),
  custom: z.array(z.string()),
});
export type TRootCausesResponse = z.infer<typeof ZRootCausesResponse>;

/** Socket event: a complaint was opened or changed (to the rooms of its sources' accounts). */
export const COMPLAINT_SOCKET_EVENTS = { changed: 'complaints:changed' } as const;
export const ZComplaintChangedEvent = z.object({
  complaintId: z.string(),
  outletId: z.string(),
  verb: z.enum(['opened', 'updated', 'linked']),
});
export type TComplaintChangedEvent = z.infer<typeof ZComplaintChangedEvent>;
