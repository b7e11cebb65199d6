import { z } from 'zod';

/** common.ts `ZIsoTime`, restated like the shapes below (an import would split common.ts into a chunk of its own on every first screen). */
const ZIsoTime = z.iso.datetime({ offset: true });

/**
 * The Overview ("Overview: the owner's day at a glance";
 * docs/requirements/screen-contents.md#overview; docs/decisions/0040): the whole business on one
 * screen at `/`, per outlet and in total, over a period against the one before it — rating trend
 * and new reviews; reviews waiting for a reply, oldest first; conversations waiting for a reply
 * with their window countdowns; open complaints and tickets near or past their SLA; orders and
 * sales where order data exists.
 *
 * Each part is there only when the caller may read what it counts (`read Review`, `read
 * Conversation`, `read Complaint`, `read Ticket`, `read BusinessOverview`), else it is null; a
 * caller who may read none of them gets 403.
 *
 * Imported from `@dinedesk/contracts/overview` only (not the index barrel).
 */

/*
 * The few shapes shared with the reviews, inbox and tickets contracts are restated below rather
 * than imported: importing those modules would put all their schemas on the Overview's first
 * paint (docs/requirements/quality-goals.md 250 KiB). overview.test.ts checks each restated shape
 * against its original.
 */
/** reviews.ts `REVIEW_SOURCES`. */
export const ZOverviewReviewSource = z.enum(['facebook', 'google']);
/** tickets.ts `TICKET_PRIORITIES`. */
export const ZOverviewTicketPriority = z.enum(['low', 'normal', 'high', 'urgent']);
/** inbox.ts `ZReplyWindow`: the messaging window, its end, the guest's last message. */
export const ZOverviewReplyWindow = z.object({
  state: z.enum(['standard', 'human_agent', 'closed']),
  endsAt: ZIsoTime.nullable(),
  lastGuestMessageAt: ZIsoTime.nullable(),
});

export const OVERVIEW_API = {
  /** POST {@link ZOverviewRequest} → {@link ZOverview}. */
  overview: '/api/overview',
} as const;

/** Periods the Overview offers, in days: the last N days up to today (UTC), against the N days before. */
export const OVERVIEW_PERIODS = ['7', '30', '90'] as const;
export const ZOverviewPeriod = z.enum(OVERVIEW_PERIODS, { error: "period must be '7', '30' or '90'" });
export type TOverviewPeriod = z.infer<typeof ZOverviewPeriod>;

/** How many of the oldest waiting reviews and of the soonest closing conversations are listed. */
export const OVERVIEW_LIST_SIZE = 5;

export const ZOverviewRequest = z
  .object({
    period: ZOverviewPeriod.default('30'),
    /** One outlet; absent: every outlet the caller sees. */
    outletId: z.uuid({ error: 'outletId must be an id' }).optional(),
  })
  .strict();
export type TOverviewRequest = z.input<typeof ZOverviewRequest>;

const ZDate = z.iso.date();

/** Reviews of a period: how many, and their mean rating (null without stars). */
const ZReviewFigures = z.object({ reviewCount: z.number().int(), averageRating: z.number().nullable() });

/** One outlet's figures; each part null when the caller may not read it. */
export const ZOverviewOutlet = z.object({
  outletId: z.string(),
  outletName: z.string(),
  brandName: z.string(),
  reviews: z.object({ current: ZReviewFigures, previous: ZReviewFigures, waiting: z.number().int() }).nullable(),
  conversations: z.object({ waiting: z.number().int() }).nullable(),
  complaints: z.object({ open: z.number().int(), inProgress: z.number().int() }).nullable(),
  tickets: z.object({ overdue: z.number().int(), dueSoon: z.number().int() }).nullable(),
  /** Null without order data for this outlet, or when the caller may not read orders. */
  orders: z
    .object({
      current: z.object({ orders: z.number().int(), salesMinor: z.number().int() }),
      previous: z.object({ orders: z.number().int(), salesMinor: z.number().int() }),
      /** ISO 4217 code of the outlet's orders. */
      currency: z.string(),
      /** The outlet's last order day: imported exports end when they were taken. */
      lastOrderDay: ZDate,
    })
    .nullable(),
});
export type TOverviewOutlet = z.infer<typeof ZOverviewOutlet>;

export const ZWaitingReview = z.object({
  id: z.string(),
  source: ZOverviewReviewSource,
  outletId: z.string(),
  outletName: z.string(),
  reviewerName: z.string(),
  rating: z.number().int().nullable(),
  /** The review's text, cut to 160 characters. */
  excerpt: z.string(),
  createdTime: ZIsoTime,
});
export type TWaitingReview = z.infer<typeof ZWaitingReview>;

export const ZWaitingConversation = z.object({
  id: z.string(),
  channel: z.enum(['messenger', 'instagram']),
  /** The inbox's account id: Facebook Page id (messenger) or Instagram account id. */
  pageId: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  guestName: z.string(),
  snippet: z.string(),
  window: ZOverviewReplyWindow,
});
export type TWaitingConversation = z.infer<typeof ZWaitingConversation>;

export const ZSlaTicket = z.object({
  id: z.string(),
  title: z.string(),
  priority: ZOverviewTicketPriority,
  outletId: z.string(),
  outletName: z.string(),
  dueAt: ZIsoTime,
  breachedAt: ZIsoTime.nullable(),
});
export type TSlaTicket = z.infer<typeof ZSlaTicket>;

export const ZOverview = z.object({
  /** Both periods, days in UTC with both ends included; `asOf` the server's clock. */
  period: z.object({ days: z.number().int(), from: ZDate, to: ZDate, previousFrom: ZDate, previousTo: ZDate, asOf: ZIsoTime }),
  /** The outlets shown (one when asked for), each with its figures, by name. */
  outlets: z.array(ZOverviewOutlet),
  /** Every outlet the caller sees, for the outlet picker. */
  choices: z.array(z.object({ id: z.string(), name: z.string(), brandName: z.string() })),
  /** The totals of `outlets`; orders' sales only when every outlet sells in one currency. */
  totals: ZOverviewOutlet.omit({ outletId: true, outletName: true, brandName: true, orders: true }).extend({
    orders: z
      .object({
        current: z.object({ orders: z.number().int(), salesMinor: z.number().int().nullable() }),
        previous: z.object({ orders: z.number().int(), salesMinor: z.number().int().nullable() }),
        currency: z.string().nullable(),
        lastOrderDay: ZDate,
      })
      .nullable(),
  }),
  /** Reviews per day (7 and 30 days) or week (90) of the current period, with their mean rating. */
  ratingTrend: z.array(z.object({ start: ZDate, reviewCount: z.number().int(), averageRating: z.number().nullable() })).nullable(),
  /** The oldest reviews still waiting for a reply, oldest first. */
  oldestWaitingReviews: z.array(ZWaitingReview).nullable(),
  /** Conversations whose guest spoke last and whose reply window is still open, closing soonest first. */
  waitingConversations: z.array(ZWaitingConversation).nullable(),
  /** Open tickets past their SLA, then those due within `dueSoonHours`, soonest first. */
  slaTickets: z.array(ZSlaTicket).nullable(),
  dueSoonHours: z.number().int(),
  /**
   * Facebook no longer offers reviews to apps for the shown outlets' Pages (reviews.ts
   * `ZReviewsEnded`, restated): the earliest `since` and its Graph version, and how many of the
   * shown Pages it concerns. Null when it concerns none, or the caller may not read reviews.
   */
  facebookReviewsEnded: z.object({ since: ZIsoTime, graphVersion: z.string(), pages: z.number().int().positive() }).nullable(),
});
export type TOverview = z.infer<typeof ZOverview>;
