import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, facebookAccounts, facebookPages, googleConnections, googleLocations, instagramAccountReads, instagramMedia, messages, orderImports, reviews } from '../../db/schema.ts';
import type { JobState } from '../../lib/jobs.ts';

/**
 * Reads of Reporting → Data tracker (docs/decisions/0041): where each source of an
 * outlet stands. Every table here belongs to another module (meta, google, instagram, inbox,
 * reviews, orders) and pg-boss's `pgboss.job`; this file only reads them, in one statement per
 * table for all the outlets asked, so the screen costs the same for 2 outlets or 200.
 */

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function q<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

export interface PageState {
  id: string;
  outletId: string;
  name: string;
  pageAccessTokenEnc: string | null;
  syncStatus: string;
  syncMessage: string | null;
  lastSyncedAt: Date | null;
  instagramUserId: string | null;
  instagramUsername: string | null;
  graphVersion: string | null;
  reviewsEndedAt: Date | null;
  /** The Facebook Login connection's user token: its status and expiry (null: none linked). */
  accountStatus: string | null;
  accountExpiresAt: Date | null;
}

/** The Facebook Pages linked to the outlets, with their Facebook Login connection. */
export function pagesOf(db: Db, outletIds: string[]): Promise<PageState[]> {
  if (!outletIds.length) return Promise.resolve([]);
  return db
    .select({
      id: facebookPages.id,
      outletId: facebookPages.outletId,
      name: facebookPages.name,
      pageAccessTokenEnc: facebookPages.pageAccessTokenEnc,
      syncStatus: facebookPages.syncStatus,
      syncMessage: facebookPages.syncMessage,
      lastSyncedAt: facebookPages.lastSyncedAt,
      instagramUserId: facebookPages.instagramUserId,
      instagramUsername: facebookPages.instagramUsername,
      graphVersion: facebookPages.graphVersion,
      reviewsEndedAt: facebookPages.reviewsEndedAt,
      accountStatus: facebookAccounts.status,
      accountExpiresAt: facebookAccounts.tokenExpiresAt,
    })
    .from(facebookPages)
    .leftJoin(facebookAccounts, eq(facebookAccounts.id, facebookPages.facebookAccountId))
    .where(inArray(facebookPages.outletId, outletIds));
}

export interface LocationState {
  id: string;
  outletId: string;
  title: string;
  syncStatus: string;
  syncMessage: string | null;
  lastSyncedAt: Date | null;
  /** The Google connection's status (`valid`/`dead`); null when the connection was removed. */
  connectionStatus: string | null;
  connectionMessage: string | null;
}

/** The Google locations linked to the outlets, with their connection's status. */
export function locationsOf(db: Db, outletIds: string[]): Promise<LocationState[]> {
  if (!outletIds.length) return Promise.resolve([]);
  return db
    .select({
      id: googleLocations.id,
      outletId: googleLocations.outletId,
      title: googleLocations.title,
      syncStatus: googleLocations.syncStatus,
      syncMessage: googleLocations.syncMessage,
      lastSyncedAt: googleLocations.lastSyncedAt,
      connectionStatus: googleConnections.status,
      connectionMessage: googleConnections.statusMessage,
    })
    .from(googleLocations)
    .leftJoin(googleConnections, eq(googleConnections.id, googleLocations.connectionId))
    .where(inArray(googleLocations.outletId, outletIds));
}

/** The last read of each outlet's Instagram account (`fetchedAt` the last success, `error` the last failure). */
export function instagramReadsOf(db: Db, outletIds: string[]): Promise<{ outletId: string; igUserId: string; fetchedAt: Date | null; error: string | null }[]> {
  if (!outletIds.length) return Promise.resolve([]);
  return db
    .select({ outletId: instagramAccountReads.outletId, igUserId: instagramAccountReads.igUserId, fetchedAt: instagramAccountReads.fetchedAt, error: instagramAccountReads.error })
    .from(instagramAccountReads)
    .where(inArray(instagramAccountReads.outletId, outletIds));
}

export interface ImportState {
  outletId: string;
  fileName: string;
  status: string;
  failure: string | null;
  problemCount: number;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The newest order import of each outlet, and the finish time of its newest successful one (ads files, shape `ads`, are not orders). */
export async function importsOf(db: Db, outletIds: string[]): Promise<{ latest: Map<string, ImportState>; lastImported: Map<string, Date> }> {
  const latest = new Map<string, ImportState>();
  const lastImported = new Map<string, Date>();
  if (!outletIds.length) return { latest, lastImported };
  const rows = await db
    .selectDistinctOn([orderImports.outletId], {
      outletId: orderImports.outletId,
      fileName: orderImports.fileName,
      status: orderImports.status,
      failure: orderImports.failure,
      problemCount: orderImports.problemCount,
      createdAt: orderImports.createdAt,
      finishedAt: orderImports.finishedAt,
    })
    .from(orderImports)
    .where(and(inArray(orderImports.outletId, outletIds), ne(orderImports.shape, 'ads')))
    .orderBy(orderImports.outletId, desc(orderImports.createdAt), desc(orderImports.id));
  for (const r of rows) latest.set(r.outletId, r);
  const done = await db
    .select({ outletId: orderImports.outletId, at: sql<Date | string>`max(${orderImports.finishedAt})` })
    .from(orderImports)
    .where(and(inArray(orderImports.outletId, outletIds), eq(orderImports.status, 'imported'), ne(orderImports.shape, 'ads')))
    .groupBy(orderImports.outletId);
  for (const r of done) if (r.at) lastImported.set(r.outletId, new Date(r.at));
  return { latest, lastImported };
}

/** `outlet|source|YYYY-MM-DD` → new rows that UTC day. */
export type DayCounts = Map<string, number>;

/**
 * New rows per outlet, source and UTC day from `since` (instant) on: reviews by `created_time`
 * (source facebook/google), guests' messages by channel (messenger → facebook, instagram),
 * Instagram media by `posted_at`, orders by the finish day of their import.
 */
export async function dayCounts(db: Db, outletIds: string[], since: Date): Promise<DayCounts> {
  const out: DayCounts = new Map();
  if (!outletIds.length) return out;
  const ids = sql.join(outletIds.map((id) => sql`${id}::uuid`), sql`, `);
  const day = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await q<{ outlet_id: string; source: string; day: string; n: number }>(db, sql`
    SELECT outlet_id, source, ${day(sql`created_time`)} AS day, count(*)::int AS n
      FROM ${reviews} WHERE outlet_id IN (${ids}) AND created_time >= ${since}
     GROUP BY 1, 2, 3
    UNION ALL
    SELECT c.outlet_id, CASE WHEN c.channel = 'instagram' THEN 'instagram' ELSE 'facebook' END, ${day(sql`m.created_time`)}, count(*)::int
      FROM ${messages} m JOIN ${conversations} c ON c.id = m.conversation_id
     WHERE c.outlet_id IN (${ids}) AND m.direction = 'guest' AND m.created_time >= ${since}
     GROUP BY 1, 2, 3
    UNION ALL
    SELECT outlet_id, 'instagram', ${day(sql`posted_at`)}, count(*)::int
      FROM ${instagramMedia} WHERE outlet_id IN (${ids}) AND posted_at >= ${since}
     GROUP BY 1, 2, 3
    UNION ALL
    SELECT outlet_id, 'orders', ${day(sql`finished_at`)}, sum(orders_imported)::int
      FROM ${orderImports} WHERE outlet_id IN (${ids}) AND status = 'imported' AND shape <> 'ads' AND finished_at >= ${since}
     GROUP BY 1, 2, 3`);
  for (const r of rows) {
    const key = `${r.outlet_id}|${r.source}|${r.day}`;
    out.set(key, (out.get(key) ?? 0) + Number(r.n));
  }
  return out;
}

export interface LatestJob {
  id: string;
  name: string;
  outletId: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date | null;
  completedOn: Date | null;
  output: Record<string, unknown> | null;
}

/**
 * The newest job of each (outlet, queue) of the client, among the queues `names` (pg-boss 10's
 * `pgboss.job`: one row per job while it is kept; completed jobs are archived after a day).
 */
export async function latestJobs(db: Db, clientId: string, outletIds: string[], names: string[]): Promise<LatestJob[]> {
  if (!outletIds.length || !names.length) return [];
  const rows = await q<Record<string, unknown>>(db, sql`
    SELECT DISTINCT ON (data->>'outletId', name)
           id, name, state, data->>'outletId' AS outlet_id, retry_count, retry_limit, created_on, start_after, completed_on, output
      FROM pgboss.job
     WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
       AND data->>'clientId' = ${clientId}
       AND data->>'outletId' IN (${sql.join(outletIds.map((id) => sql`${id}`), sql`, `)})
     ORDER BY data->>'outletId', name, created_on DESC, id DESC`);
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    outletId: String(r.outlet_id),
    state: r.state as JobState,
    retryCount: Number(r.retry_count),
    retryLimit: Number(r.retry_limit),
    createdOn: date(r.created_on)!,
    startAfter: date(r.start_after),
    completedOn: date(r.completed_on),
    output: (r.output as Record<string, unknown> | null) ?? null,
  }));
}

/** When the next queued job of `name` may start (the sync tick's next run); null when none is queued. */
export async function nextQueued(db: Db, name: string): Promise<Date | null> {
  const [row] = await q<{ at: Date | string | null }>(db, sql`SELECT min(start_after) AS at FROM pgboss.job WHERE name = ${name} AND state IN ('created', 'retry')`);
  return row?.at ? new Date(row.at) : null;
}
