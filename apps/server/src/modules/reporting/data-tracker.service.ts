import {
  DATA_SOURCES,
  DATA_TRACKER_DAYS,
  type TDataSource,
  type TDataTracker,
  type TDataTrackerJob,
  type TDataTrackerRequest,
  type TDataTrackerRow,
  type TDataTrackerSyncRequest,
  type TDataTrackerSyncResponse,
  type TSyncSchedule,
  type TSyncState,
  type TDataTokenHealth,
} from '@dinedesk/contracts/data-tracker';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { googleSyncLocationJob } from '../google/index.ts';
import { inboxSyncPageJob } from '../inbox/index.ts';
import { EXPIRING_DAYS } from '../meta/index.ts';
import { STALE_AFTER_MS, instagramRefreshJob } from '../instagram/index.ts';
import { ordersImportJob } from '../orders/index.ts';
import { reviewSyncPageJob } from '../reviews/index.ts';
import { syncTickJob } from '../../jobs.ts';
import { readDemoClock, type DemoClockRow } from '../../db/demo-clock.ts';
import * as repo from './data-tracker.repository.ts';
import { outletById, outletsInScope, type OutletRow } from './reporting.repository.ts';

/**
 * Reporting → Data tracker (docs/requirements/screen-contents.md#data-tracker,
 * docs/decisions/0041): per outlet and source, is the data arriving? Read from the rows the syncs
 * already keep (a page's `sync_status`/`sync_message`, a Google location's, an Instagram account's
 * last read, the order imports), the tokens' state, the new rows of the last {@link
 * DATA_TRACKER_DAYS} UTC days and pg-boss's queue. "Sync now" queues the same jobs the sync tick
 * queues (one per page or location, stately, so a second press while one waits queues nothing
 * more).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses the review syncs record that mean the last attempt failed (review-sync.service.ts, google-sync.service.ts). */
const FAILED_STATUSES = new Set(['failed', 'deprecated', 'token_invalid']);
const TOKEN_DEAD_STATUS = 'token_invalid';

/** The queues whose jobs feed each source. */
const QUEUES: Record<TDataSource, { name: string; subject: string }[]> = {
  facebook: [reviewSyncPageJob, inboxSyncPageJob],
  google: [googleSyncLocationJob],
  instagram: [instagramRefreshJob],
  orders: [ordersImportJob],
};
const SCHEDULE: Record<TDataSource, TSyncSchedule> = { facebook: 'periodic', google: 'periodic', instagram: 'on_view', orders: 'import' };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The last {@link DATA_TRACKER_DAYS} UTC days, oldest first, today last. */
function trackedDays(now: Date): string[] {
  return Array.from({ length: DATA_TRACKER_DAYS }, (_, i) => dayOf(new Date(now.getTime() - (DATA_TRACKER_DAYS - 1 - i) * DAY_MS)));
}

/** A job's failure in words: the thrown error's message (pg-boss keeps it in `output`), or what the handler said it skipped or failed. */
function jobError(j: repo.LatestJob): string | null {
  const out = j.output ?? {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 500) : null);
  if (j.state === 'failed' || j.state === 'retry') return text(out.message) ?? 'The job failed without saying why.';
  return text(out.failed) ?? text(out.skipped);
}

function toJob(j: repo.LatestJob): TDataTrackerJob {
  return {
    id: j.id,
    name: j.name,
    state: j.state,
    retryCount: j.retryCount,
    retryLimit: j.retryLimit,
    createdAt: j.createdOn.toISOString(),
    startAfter: iso(j.startAfter),
    completedAt: iso(j.completedOn),
    error: jobError(j),
  };
}

interface Snapshot {
  now: Date;
  days: string[];
  pages: Map<string, repo.PageState>;
  locations: Map<string, repo.LocationState>;
  igReads: Map<string, { fetchedAt: Date | null; error: string | null }>;
  imports: Awaited<ReturnType<typeof repo.importsOf>>;
  counts: repo.DayCounts;
  jobs: Map<string, repo.LatestJob>;
  nextTick: Date | null;
  /** The demo's clock (db/demo-clock.ts); reviews count as moved only when read from the simulator. */
  demoClock: DemoClockRow | null;
  fromSimulator: boolean;
}

/** Everything the rows of `outlets` need, one query per table. */
async function snapshot(ctx: AppContext, clientId: string, outlets: OutletRow[]): Promise<Snapshot> {
  const now = ctx.now();
  const days = trackedDays(now);
  const ids = outlets.map((o) => o.id);
  const names = DATA_SOURCES.flatMap((s) => QUEUES[s].map((d) => d.name));
  const [pages, locations, igReads, imports, counts, jobs, nextTick, demoClock] = await Promise.all([
    repo.pagesOf(ctx.db, ids),
    repo.locationsOf(ctx.db, ids),
    repo.instagramReadsOf(ctx.db, ids),
    repo.importsOf(ctx.db, ids),
    repo.dayCounts(ctx.db, ids, new Date(`${days[0]}T00:00:00Z`)),
    repo.latestJobs(ctx.db, clientId, ids, names),
    repo.nextQueued(ctx.db, syncTickJob.name),
    readDemoClock(ctx.db),
  ]);
  return {
    now,
    days,
    pages: new Map(pages.map((p) => [p.outletId, p])),
    locations: new Map(locations.map((l) => [l.outletId, l])),
    igReads: new Map(igReads.map((r) => [r.outletId, r])),
    imports,
    counts,
    jobs: new Map(jobs.map((j) => [`${j.outletId}|${j.name}`, j])),
    nextTick,
    demoClock,
    fromSimulator: ctx.config.graph.isSimulator,
  };
}

/** The state a review sync recorded (`sync_status`), in the tracker's terms. */
function syncStateOf(status: string): TSyncState {
  if (status === 'ok') return 'ok';
  if (status === 'rate_limited') return 'rate_limited';
  if (FAILED_STATUSES.has(status)) return 'failing';
  return 'never';
}

function pageTokenHealth(p: repo.PageState, now: Date): { health: TDataTokenHealth; expiresAt: string | null } {
  const expiresAt = iso(p.accountExpiresAt);
  if (p.syncStatus === TOKEN_DEAD_STATUS || p.accountStatus === 'dead') return { health: 'dead', expiresAt };
  // The user token's expiry, as the Facebook connections screen words it (facebook-connect.service.ts).
  const left = p.accountExpiresAt ? p.accountExpiresAt.getTime() - now.getTime() : Infinity;
  if (left <= 0) return { health: 'dead', expiresAt };
  return { health: left <= EXPIRING_DAYS * DAY_MS ? 'expiring' : 'valid', expiresAt };
}

/** The newest job of the row among its queues (only of queues whose subject the caller reads, as `/api/jobs`). */
function rowJob(s: Snapshot, auth: AuthContext, outletId: string, source: TDataSource): repo.LatestJob | null {
  let newest: repo.LatestJob | null = null;
  for (const def of QUEUES[source]) {
    if (!auth.ability.can('read', def.subject)) continue;
    const j = s.jobs.get(`${outletId}|${def.name}`);
    if (j && (!newest || j.createdOn > newest.createdOn)) newest = j;
  }
  return newest;
}

/** The next periodic sync: a queued job of the row that waits (a rate limit's window), else the sync tick. */
function nextPeriodic(s: Snapshot, job: repo.LatestJob | null): Date | null {
  if (job && job.state === 'created' && job.startAfter && job.startAfter > s.now) return job.startAfter;
  return s.nextTick;
}

/**
 * Weeks the demo clock moved the row's demo data (docs/decisions/0006): the simulator's seeded
 * reviews for Facebook and Google, the outlet's own order history for orders; null otherwise
 * (Instagram media are laid out from the start itself, nothing of theirs was moved).
 */
function demoShiftOf(s: Snapshot, outletId: string, source: TDataSource): number | null {
  const c = s.demoClock;
  if (!c) return null;
  const weeks = source === 'orders' ? (c.ordersWeeks[outletId] ?? 0) : (source === 'facebook' || source === 'google') && s.fromSimulator ? c.reviewsWeeks : 0;
  return weeks > 0 ? weeks : null;
}

function rowOf(s: Snapshot, auth: AuthContext, outlet: OutletRow, source: TDataSource): TDataTrackerRow {
  const job = rowJob(s, auth, outlet.id, source);
  const counts = s.days.map((d) => s.counts.get(`${outlet.id}|${source}|${d}`) ?? 0);
  const maySync = auth.ability.can('update', 'ReviewSync');
  const base = {
    outletId: outlet.id,
    outletName: outlet.name,
    brandName: outlet.brandName,
    source,
    schedule: SCHEDULE[source],
    counts,
    job: job ? toJob(job) : null,
    demoShiftWeeks: demoShiftOf(s, outlet.id, source),
    graphVersion: null,
    reviewsEnded: null,
  };
  const none = { health: 'none' as const, expiresAt: null };
  const notConnected = (account: string | null = null): TDataTrackerRow => ({ ...base, demoShiftWeeks: null, account, state: 'not_connected', lastSuccessAt: null, nextSyncAt: null, error: null, token: none, canSync: false });
  const page = s.pages.get(outlet.id);

  switch (source) {
    case 'facebook': {
      if (!page) return notConnected();
      if (!page.pageAccessTokenEnc) return notConnected(page.name);
      const token = pageTokenHealth(page, s.now);
      // Reviews that Facebook no longer offers are not a failure of the row: its messages still sync.
      const ended = page.reviewsEndedAt ? { since: page.reviewsEndedAt.toISOString(), graphVersion: page.graphVersion ?? 'v22.0' } : null;
      const state = ended && page.syncStatus === 'deprecated' ? 'ok' : syncStateOf(page.syncStatus);
      const dead = token.health === 'dead';
      return {
        ...base,
        graphVersion: page.graphVersion,
        reviewsEnded: ended,
        account: page.name,
        state: dead && state !== 'failing' ? 'failing' : state,
        lastSuccessAt: iso(page.lastSyncedAt),
        nextSyncAt: dead ? null : iso(nextPeriodic(s, job)),
        error: state === 'ok' || state === 'never' ? (dead ? 'Facebook no longer accepts the connection of this page. Reconnect it.' : null) : page.syncMessage,
        token,
        canSync: maySync && !dead,
      };
    }
    case 'google': {
      const loc = s.locations.get(outlet.id);
      if (!loc) return notConnected();
      if (loc.connectionStatus === null) return notConnected(loc.title);
      const dead = loc.syncStatus === TOKEN_DEAD_STATUS || loc.connectionStatus === 'dead';
      const state = syncStateOf(loc.syncStatus);
      return {
        ...base,
        account: loc.title,
        state: dead ? 'failing' : state,
        lastSuccessAt: iso(loc.lastSyncedAt),
        nextSyncAt: dead ? null : iso(nextPeriodic(s, job)),
        error: state === 'failing' || state === 'rate_limited' ? loc.syncMessage : dead ? (loc.connectionMessage ?? 'Google no longer accepts the connection. Reconnect Google.') : null,
        token: { health: dead ? 'dead' : 'valid', expiresAt: null },
        canSync: maySync && !dead,
      };
    }
    case 'instagram': {
      if (!page?.instagramUserId || !page.pageAccessTokenEnc) return notConnected(page?.instagramUsername ? `@${page.instagramUsername}` : null);
      const read = s.igReads.get(outlet.id);
      const token = pageTokenHealth(page, s.now);
      const dead = token.health === 'dead';
      const state: TSyncState = read?.error ? 'failing' : read?.fetchedAt ? 'ok' : dead ? 'failing' : 'never';
      return {
        ...base,
        account: page.instagramUsername ? `@${page.instagramUsername}` : page.instagramUserId,
        state,
        lastSuccessAt: iso(read?.fetchedAt),
        // Read again when the insights are opened after the last read is stale (instagram.service.ts).
        nextSyncAt: dead || !read?.fetchedAt ? null : iso(new Date(read.fetchedAt.getTime() + STALE_AFTER_MS)),
        error: read?.error ?? (dead ? 'Facebook no longer accepts the connection of this page. Reconnect it.' : null),
        token,
        canSync: maySync && !dead,
      };
    }
    case 'orders': {
      const latest = s.imports.latest.get(outlet.id);
      const lastImported = s.imports.lastImported.get(outlet.id) ?? null;
      const failed = latest && (latest.status === 'failed' || latest.status === 'rejected');
      const error = !failed
        ? null
        : latest.status === 'rejected'
          ? `The import of ${latest.fileName} was rejected: ${latest.problemCount} problem${latest.problemCount === 1 ? '' : 's'} in the file, nothing was imported.`
          : (latest.failure ?? `The import of ${latest.fileName} failed.`);
      return {
        ...base,
        account: latest?.fileName ?? null,
        state: !latest ? 'never' : failed ? 'failing' : lastImported ? 'ok' : 'never',
        lastSuccessAt: iso(lastImported),
        nextSyncAt: null,
        error,
        token: none,
        canSync: false,
      };
    }
  }
}

/**
 * `POST /api/reporting/data-tracker`: the rows of the outlet named (404 naming `body.outletId`
 * when the caller does not see it) or of every outlet the caller sees, four per outlet.
 */
export async function dataTracker(ctx: AppContext, auth: AuthContext, req: TDataTrackerRequest): Promise<TDataTracker> {
  const outlets = await outletsAsked(ctx, auth, req.outletId);
  const now = ctx.now();
  if (!outlets.length) return { generatedAt: now.toISOString(), days: trackedDays(now), rows: [] };
  const s = await snapshot(ctx, outlets[0]!.clientId, outlets);
  return { generatedAt: s.now.toISOString(), days: s.days, rows: outlets.flatMap((o) => DATA_SOURCES.map((source) => rowOf(s, auth, o, source))) };
}

async function outletsAsked(ctx: AppContext, auth: AuthContext, outletId: string | undefined): Promise<OutletRow[]> {
  if (!outletId) return auth.clientId ? outletsInScope(ctx.db, auth) : [];
  const outlet = await outletById(ctx.db, outletId);
  if (!outlet || !inTenantScope(auth, { clientId: outlet.clientId, outletId: outlet.id })) throw new HttpError(404, `Outlet ${outletId} not found`, { field: 'body.outletId' });
  return [outlet];
}

/**
 * `POST /api/reporting/data-tracker/sync`: queues a sync of one row now: the page's review sync
 * and inbox catch-up (Facebook), the location's review sync (Google), the account's media read
 * (Instagram): the jobs the sync tick queues, under the same singleton keys; a job already
 * queued or running for that page, location or account is not queued again.
 * @returns the row as it stands after queuing; `queued` false when its sync was already waiting
 *   or running (the row's `job` is that job)
 * @throws HttpError 404 (`body.outletId`) for an outlet the caller does not see; 409
 *   (`body.source`) when the source is not connected or its token is dead (reconnect first:
 *   Facebook and Google refuse a dead token, and a retry storm helps nobody)
 */
export async function syncRow(ctx: AppContext, auth: AuthContext, req: TDataTrackerSyncRequest): Promise<TDataTrackerSyncResponse> {
  const [outlet] = await outletsAsked(ctx, auth, req.outletId);
  const o = outlet!;
  const s = await snapshot(ctx, o.clientId, [o]);
  const before = rowOf(s, auth, o, req.source);
  if (before.state === 'not_connected') throw new HttpError(409, `Nothing is connected for ${req.source} at ${o.name}; connect it first.`, { field: 'body.source', code: 'not_connected' });
  if (before.token.health === 'dead') throw new HttpError(409, before.error ?? 'The connection was refused; reconnect it first.', { field: 'body.source', code: 'token_dead' });
  const scope = { clientId: o.clientId, outletId: o.id };
  const page = s.pages.get(o.id);
  const ids: (string | null)[] = [];
  /**
   * Queues `def` for `key` unless a job of it is already waiting, retrying or running for that
   * key: `stately` alone keeps one queued beside one running, so presses during a sync queued
   * a second one (50 presses made 55 Graph calls). The answer's row then shows the existing job.
   */
  const queue = async <T extends { clientId: string; outletId: string }>(def: JobDefinition<T, AppContext>, data: T, key: string) => {
    if (await ctx.jobs.inFlight(def, [key])) return null;
    const id = await ctx.jobs.send(def, data, { singletonKey: key });
    ctx.jobs.wake(def);
    return id;
  };
  if (req.source === 'facebook') {
    ids.push(await queue(reviewSyncPageJob, { ...scope, pageId: page!.id }, page!.id));
    ids.push(await queue(inboxSyncPageJob, { ...scope, pageId: page!.id }, page!.id));
  } else if (req.source === 'google') {
    const loc = s.locations.get(o.id)!;
    ids.push(await queue(googleSyncLocationJob, { ...scope, locationId: loc.id }, loc.id));
  } else {
    ids.push(await queue(instagramRefreshJob, { ...scope, pageId: page!.id }, page!.id));
  }
  const after = await snapshot(ctx, o.clientId, [o]);
  return { queued: ids.some((id) => id !== null), row: rowOf(after, auth, o, req.source) };
}
