import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging, ZRowId } from './common.ts';
import { ZReviewId } from './reviews.ts';

/**
 * Tickets (docs/requirements/screen-contents.md#tickets, docs/decisions/0027): a piece of work with
 * one assignee and watchers, a priority, and an SLA due time from the client's per-priority policy;
 * linked to the review, conversation or complaint it came from, with an activity log.
 */

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const ZTicketPriority = z.enum(TICKET_PRIORITIES, { error: "priority must be 'low', 'normal', 'high' or 'urgent'" });
export type TTicketPriority = z.infer<typeof ZTicketPriority>;

export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES, { error: "status must be 'open', 'in_progress' or 'closed'" });
export type TTicketStatus = z.infer<typeof ZTicketStatus>;

/** Hours from opening to the SLA due time, per priority, until a client's owner sets its own. */
export const DEFAULT_SLA_HOURS: Record<TTicketPriority, number> = { urgent: 4, high: 24, normal: 72, low: 168 };
/**
 * A ticket still on time is "due soon" when its SLA ends within this many hours: the shortest
 * default SLA (urgent), so an urgent ticket is due soon from the moment it is opened.
 */
export const DUE_SOON_HOURS = 4;
/** Longest SLA an owner may set: 90 days. */
export const SLA_MAX_HOURS = 90 * 24;

/** The queue's views (Mine, Open, Closed, All). `open` holds open and in-progress tickets. */
export const TICKET_VIEWS = ['mine', 'open', 'closed', 'all'] as const;
export const ZTicketView = z.enum(TICKET_VIEWS, { error: "view must be 'mine', 'open', 'closed' or 'all'" });
export type TTicketView = z.infer<typeof ZTicketView>;

const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });
const ZTitle = z
  .string({ error: 'title must be text' })
  .trim()
  .min(3, 'title must be 3 to 200 characters')
  .max(200, 'title must be 3 to 200 characters');

/** `POST /api/tickets/list`: a view of the queue, newest first. */
export const ZListTicketsRequest = z
  .object({
    view: ZTicketView.default('open'),
    priority: ZTicketPriority.optional(),
    brandId: uuid('brandId').optional(),
    outletId: uuid('outletId').optional(),
    /** Only tickets past their SLA due time (closed late ones included). */
    breached: z.boolean({ error: 'breached must be true or false' }).optional(),
    /** Only tickets on time whose SLA ends within {@link DUE_SOON_HOURS} (closed ones never are). */
    dueSoon: z.boolean({ error: 'dueSoon must be true or false' }).optional(),
    cursor: ZCursor.optional(),
    limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(25),
  })
  .strict();
export type TListTicketsRequest = z.input<typeof ZListTicketsRequest>;

const ZPerson = z.object({ id: z.string(), fullName: z.string() });

export const ZTicket = z.object({
  id: z.string(),
  title: z.string(),
  status: ZTicketStatus,
  priority: ZTicketPriority,
  outletId: z.string(),
  outletName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  assignee: ZPerson.nullable(),
  watchers: z.array(ZPerson),
  createdBy: ZPerson.nullable(),
  createdAt: ZIsoTime,
  updatedAt: ZIsoTime,
  closedAt: ZIsoTime.nullable(),
  /** SLA due time: opening time + the client's hours for the priority (moves when the priority changes). */
  dueAt: ZIsoTime,
  /** When the SLA was breached (the breach job fired), null while on time. */
  breachedAt: ZIsoTime.nullable(),
  reviewId: z.string().nullable(),
  conversationId: z.string().nullable(),
  complaintId: z.string().nullable(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZListTicketsResponse = z.object({
  data: z.array(ZTicket),
  paging: ZPaging,
  /** Tickets per view under the same filters (the queue's tab badges). */
  counts: z.object({ mine: z.number().int(), open: z.number().int(), closed: z.number().int(), all: z.number().int() }),
});
export type TListTicketsResponse = z.infer<typeof ZListTicketsResponse>;

/**
 * `POST /api/tickets/create`: from a complaint (one click), a review, a conversation, or by hand
 * for an outlet. The outlet is the linked item's; `outletId` is required only without one.
 */
export const ZCreateTicketRequest = z
  .object({
    title: ZTitle.optional(),
    priority: ZTicketPriority.default('normal'),
    outletId: uuid('outletId').optional(),
    complaintId: ZRowId('complaintId').optional(),
    reviewId: ZReviewId.optional(),
    conversationId: ZRowId('conversationId').optional(),
    assigneeUserId: uuid('assigneeUserId').optional(),
    watcherUserIds: z.array(uuid('watcherUserIds[]')).max(20, 'watcherUserIds must hold at most 20 users').default([]),
  })
  .strict()
  .refine((v) => [v.complaintId, v.reviewId, v.conversationId].filter((x) => x !== undefined).length <= 1, { message: 'link at most one of complaintId, reviewId, conversationId', path: ['complaintId'] })
  .refine((v) => v.complaintId !== undefined || v.reviewId !== undefined || v.conversationId !== undefined || v.outletId !== undefined, { message: 'outletId is required for a ticket without a linked item', path: ['outletId'] })
  .refine((v) => v.complaintId !== undefined || v.reviewId !== undefined || v.conversationId !== undefined || v.title !== undefined, { message: 'title is required for a ticket without a linked item', path: ['title'] });
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

export const ZCreateTicketResponse = z.object({ ticket: ZTicket, created: z.boolean() });
export type TCreateTicketResponse = z.infer<typeof ZCreateTicketResponse>;

/** `POST /api/tickets/get`: one ticket with its activity, oldest first. */
export const ZGetTicketRequest = z.object({ ticketId: ZRowId('ticketId') }).strict();
export const ZTicketActivity = z.object({
  at: ZIsoTime,
  /** Null: DineDesk itself (the SLA breach). */
  actorName: z.string().nullable(),
  kind: z.enum(['created', 'status', 'priority', 'assignee', 'watcher_added', 'watcher_removed', 'title', 'sla_breached']),
  value: z.string().nullable(),
});
export type TTicketActivity = z.infer<typeof ZTicketActivity>;
export const ZTicketDetail = ZTicket.extend({ activity: z.array(ZTicketActivity) });
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

/** `POST /api/tickets/update`: any of title, status, priority (moves the due time), assignee, watchers. */
export const ZUpdateTicketRequest = z
  .object({
    ticketId: ZRowId('ticketId'),
    title: ZTitle.optional(),
    status: ZTicketStatus.optional(),
    priority: ZTicketPriority.optional(),
    assigneeUserId: uuid('assigneeUserId').nullable().optional(),
    addWatcherIds: z.array(uuid('addWatcherIds[]')).max(20).optional(),
    removeWatcherIds: z.array(uuid('removeWatcherIds[]')).max(20).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== 'ticketId'), { message: 'give at least one change', path: ['ticketId'] });
export type TUpdateTicketRequest = z.input<typeof ZUpdateTicketRequest>;

/** Hours to the SLA due time per priority. */
export const ZSlaHours = z
  .object(
    Object.fromEntries(
      TICKET_PRIORITIES.map((p) => [p, z.number({ error: `hours.${p} must be a number` }).int(`hours.${p} must be whole hours`).min(1, `hours.${p} must be at least 1`).max(SLA_MAX_HOURS, `hours.${p} must be at most ${SLA_MAX_HOURS}`)]),
    ) as Record<TTicketPriority, z.ZodNumber>,
  )
  .strict()
  .refine((h) => h.urgent <= h.high && h.high <= h.normal && h.normal <= h.low, { message: 'hours must not grow with priority (urgent ≤ high ≤ normal ≤ low)', path: ['urgent'] });
export type TSlaHours = z.infer<typeof ZSlaHours>;

/** `POST /api/tickets/sla-policy`: read (everyone) or set (owners) the client's SLA hours. New due times apply to tickets opened or re-prioritised afterwards. */
export const ZSlaPolicyRequest = z.discriminatedUnion(
  'request',
  [z.object({ request: z.literal('get') }).strict(), z.object({ request: z.literal('update'), hours: ZSlaHours }).strict()],
  { error: "request must be 'get' or 'update'" },
);
export type TSlaPolicyRequest = z.input<typeof ZSlaPolicyRequest>;
export const ZSlaPolicyResponse = z.object({ hours: z.record(ZTicketPriority, z.number().int()), isDefault: z.boolean() });
export type TSlaPolicyResponse = z.infer<typeof ZSlaPolicyResponse>;

/** Socket event: a ticket was created, changed or breached its SLA (to the rooms of its outlet's accounts). */
export const TICKET_SOCKET_EVENTS = { changed: 'tickets:changed' } as const;
export const ZTicketChangedEvent = z.object({
  ticketId: z.string(),
  outletId: z.string(),
  verb: z.enum(['created', 'updated', 'breached']),
});
export type TTicketChangedEvent = z.infer<typeof ZTicketChangedEvent>;
