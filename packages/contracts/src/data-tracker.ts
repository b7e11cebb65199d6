import { z } from 'zod';
import { ZIsoTime } from './common.ts';
import { ZJobState } from './jobs.ts';

/**
 * Reporting → Data tracker (docs/requirements/routes.md route /apps/reporting/data-tracker,
 * docs/requirements/screen-contents.md#data-tracker; docs/decisions/0041): for every outlet the
 * caller sees and every source DineDesk reads (Facebook, Google, Instagram, orders), whether the
 * data is arriving: the last successful sync and the next one, the token's health, the last failure
 * in plain words, how many new rows came in on each of the last {@link DATA_TRACKER_DAYS} days, the
 * newest background job of that row, and a "sync now" for the roles that may sync.
 *
 * Imported from `@dinedesk/contracts/data-tracker` only (not the index barrel), like reporting.
 */

export const DATA_TRACKER_API = {
  /** POST {outletId?} → {@link ZDataTracker}: every outlet the caller sees, or the one named. */
  dataTracker: '/api/reporting/data-tracker',
  /** POST {@link ZDataTrackerSyncRequest} → {@link ZDataTrackerSyncResponse}: queue a sync of one row now. */
  sync: '/api/reporting/data-tracker/sync',
} as const;

/** Days the counts cover, today (UTC) included. */
export const DATA_TRACKER_DAYS = 7;

export const DATA_SOURCES = ['facebook', 'google', 'instagram', 'orders'] as const;
export const ZDataSource = z.enum(DATA_SOURCES);
export type TDataSource = z.infer<typeof ZDataSource>;

/** Sources a person can sync on demand (orders arrive by import, not by a sync). */
export const SYNCABLE_SOURCES = ['facebook', 'google', 'instagram'] as const;
export const ZSyncableSource = z.enum(SYNCABLE_SOURCES, { error: `source must be one of ${SYNCABLE_SOURCES.join(', ')}` });
export type TSyncableSource = z.infer<typeof ZSyncableSource>;

/**
 * Where the row stands: `ok` the last attempt succeeded; `failing` it failed (see `error`);
 * `rate_limited` the platform asked DineDesk to wait, the next sync is queued after the window;
 * `never` connected but not read yet (orders: nothing imported yet); `not_connected` nothing
 * to read from (no page, location or Instagram account linked to the outlet).
 */
export const SYNC_STATES = ['ok', 'failing', 'rate_limited', 'never', 'not_connected'] as const;
export const ZSyncState = z.enum(SYNC_STATES);
export type TSyncState = z.infer<typeof ZSyncState>;

/**
 * The credential the source is read with: `valid`; `expiring` within 7 days (a Facebook user
 * token with an expiry); `dead` the platform refused it (Graph 190, Google `invalid_grant`):
 * nothing syncs until someone reconnects; `none` the source needs none (orders) or is not connected.
 */
export const TOKEN_HEALTHS = ['valid', 'expiring', 'dead', 'none'] as const;
export const ZDataTokenHealth = z.enum(TOKEN_HEALTHS);
export type TDataTokenHealth = z.infer<typeof ZDataTokenHealth>;

/**
 * How the source is refreshed, so the screen can say when the next read comes: `periodic` the
 * sync tick (`nextSyncAt`); `on_view` Instagram insights are read when their screen is opened
 * and the last read is over an hour old; `import` orders come only when someone imports a file.
 */
export const ZSyncSchedule = z.enum(['periodic', 'on_view', 'import']);
export type TSyncSchedule = z.infer<typeof ZSyncSchedule>;

/** The newest background job of a row (its queue's state; `error` the failed attempt's message). */
export const ZDataTrackerJob = z.object({
  id: z.string(),
  /** Queue name, e.g. `reviews.sync-page`. */
  name: z.string(),
  state: ZJobState,
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: ZIsoTime,
  /** When a queued job may start (a rate-limited sync waits out the window). */
  startAfter: ZIsoTime.nullable(),
  completedAt: ZIsoTime.nullable(),
  error: z.string().nullable(),
});
export type TDataTrackerJob = z.infer<typeof ZDataTrackerJob>;

export const ZDataTrackerRow = z.object({
  outletId: z.string(),
  outletName: z.string(),
  brandName: z.string(),
  source: ZDataSource,
  /** What the source is: the Page's name, the Google location's title, the @username, the last imported file; null when nothing is linked. */
  account: z.string().nullable(),
  state: ZSyncState,
  schedule: ZSyncSchedule,
  lastSuccessAt: ZIsoTime.nullable(),
  /** The next periodic sync (the sync tick, or a queued sync waiting out a rate limit); null when none is coming (dead token, not connected, not periodic). */
  nextSyncAt: ZIsoTime.nullable(),
  /** The last failure in plain words; null when the last attempt succeeded. */
  error: z.string().nullable(),
  token: z.object({ health: ZDataTokenHealth, expiresAt: ZIsoTime.nullable() }),
  /**
   * New rows per UTC day, oldest first, aligned with {@link ZDataTracker} `days`: reviews and
   * guests' messages by when they were written (Facebook: ratings and Messenger; Instagram:
   * guests' direct messages and posted media; Google: reviews), orders by the day their import
   * finished (rows ingested).
   */
  counts: z.array(z.number().int().nonnegative()).length(DATA_TRACKER_DAYS),
  job: ZDataTrackerJob.nullable(),
  /**
   * Whole weeks the demo seed moved this row's demo data forward (docs/decisions/0006 "The demo's
   * clock"): the screen says "demo data moved forward by N weeks"; null for real data and rows
   * the demo clock did not move.
   */
  demoShiftWeeks: z.number().int().positive().nullable(),
  /** The caller may queue a sync of this row now (a syncable source, connected, token not dead, and `update ReviewSync`). */
  canSync: z.boolean(),
  /**
   * Facebook rows: the Graph API version Meta answered the page's last review sync on (its
   * `facebook-api-version` header; it differs from `META_GRAPH_VERSION` once Meta retired that
   * one); null for other sources and before the first sync.
   */
  graphVersion: z.string().nullable(),
  /**
   * Facebook rows: Facebook no longer offers the page's reviews to apps (reviews.ts
   * `ZReviewsEnded`, restated here so this contract stays apart from the reviews one): since when
   * and on which version. Its messages still sync; the row is not failing for it. Null otherwise.
   */
  reviewsEnded: z.object({ since: ZIsoTime, graphVersion: z.string() }).nullable(),
});
export type TDataTrackerRow = z.infer<typeof ZDataTrackerRow>;

export const ZDataTracker = z.object({
  generatedAt: ZIsoTime,
  /** The {@link DATA_TRACKER_DAYS} UTC days of `counts`, oldest first (`YYYY-MM-DD`). */
  days: z.array(z.string()).length(DATA_TRACKER_DAYS),
  /** By brand, outlet, then source in {@link DATA_SOURCES} order. */
  rows: z.array(ZDataTrackerRow),
});
export type TDataTracker = z.infer<typeof ZDataTracker>;

const outletId = z.uuid({ error: 'outletId must be an id' });

/** `POST /api/reporting/data-tracker`: one outlet (404 naming `body.outletId` if not seen), or every outlet the caller sees. */
export const ZDataTrackerRequest = z.object({ outletId: outletId.optional() }).strict();
export type TDataTrackerRequest = z.infer<typeof ZDataTrackerRequest>;

export const ZDataTrackerSyncRequest = z.object({ outletId, source: ZSyncableSource }).strict();
export type TDataTrackerSyncRequest = z.infer<typeof ZDataTrackerSyncRequest>;

/** The row after queuing; `queued` false when a sync of it was already queued (that one stands). */
export const ZDataTrackerSyncResponse = z.object({ queued: z.boolean(), row: ZDataTrackerRow });
export type TDataTrackerSyncResponse = z.infer<typeof ZDataTrackerSyncResponse>;
