import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { GraphError } from '../../lib/graph-client.ts';
import { decryptPageToken } from './page-tokens.ts';

/** A rating as Graph API `/{page-id}/ratings` returns it (external-apis.md §2). */
interface GraphRating {
  created_time: string;
  has_rating?: boolean;
  has_review?: boolean;
  rating?: number;
  recommendation_type?: 'positive' | 'negative';
  review_text?: string;
  reviewer?: { id: string; name: string };
  open_graph_story?: { id: string };
}

const RATING_FIELDS = 'created_time,has_rating,has_review,rating,recommendation_type,review_text,reviewer{id,name},open_graph_story{id}';
/** Rows per INSERT statement: keeps statements well under PostgreSQL's 65,535 parameter limit. */
const UPSERT_CHUNK = 500;

export interface SyncResult {
  pageId: string;
  status: 'ok' | 'failed' | 'deprecated' | 'token_invalid' | 'never';
  fetched: number;
}

function graphTime(s: string): Date {
  // Graph writes `2024-05-01T10:00:00+0000`; Date needs the colon in the offset.
  return new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/**
 * Plain-words reason shown to the owner when a sync could not complete (issue #2: "keeps what it
 * synced and tells the user why").
 */
export function syncMessage(ctx: AppContext, err: GraphError, storedCount: number, lastSyncedAt: Date | null): { status: SyncResult['status']; message: string } {
  const since = lastSyncedAt ? ` (last successful sync ${lastSyncedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)` : '';
  if (err.isDeprecated) {
    return {
      status: 'deprecated',
      message: `Facebook no longer gives apps access to Page reviews on Graph API ${ctx.config.graph.version} (error 12: reviews were deprecated from v22.0). DineDesk keeps showing the ${storedCount} reviews it already synced${since}; new Facebook reviews will not appear until Meta restores access.`,
    };
  }
  if (err.isTokenError) {
    return {
      status: 'token_invalid',
      message: `Facebook rejected this page's access token: it expired or was revoked (error 190). Reconnect the page to resume syncing; the ${storedCount} reviews already synced stay visible.`,
    };
  }
  return {
    status: 'failed',
    message: `The last sync with Facebook failed (${err.message}). Showing the ${storedCount} reviews synced earlier${since}; DineDesk retries automatically.`,
  };
}

/**
 * Syncs one page's ratings from the Graph API into the database, all or nothing: the page's
 * rows are upserted in one transaction only after every Graph page was read. On a Graph error
 * the stored reviews are kept and the page records why (status + message).
 */
export async function syncPage(ctx: AppContext, pageId: string): Promise<SyncResult> {
  const [page] = await ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.id, pageId));
  if (!page) throw new Error(`unknown page ${pageId}`);
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) {
    await ctx.db
      .update(schema.facebookPages)
      .set({ syncStatus: 'token_invalid', syncMessage: 'This Facebook Page is not connected yet. Connect it to sync its reviews.' })
      .where(eq(schema.facebookPages.id, pageId));
    return { pageId, status: 'token_invalid', fetched: 0 };
  }
  try {
    const summary = await ctx.graph.get<{ overall_star_rating?: number; rating_count?: number }>(pageId, { fields: 'overall_star_rating,rating_count' }, token);
    const ratings: GraphRating[] = [];
    for await (const batch of ctx.graph.paginate<GraphRating>(`${pageId}/ratings`, { fields: RATING_FIELDS, limit: 100 }, token)) ratings.push(...batch);
    const now = ctx.now();
    const rows = ratings.map((r) => {
      const reviewer = r.reviewer ?? { id: 'unknown', name: 'Facebook user' };
      const story = r.open_graph_story?.id ?? null;
      return {
        clientId: page.clientId,
        outletId: page.outletId,
        pageId,
        externalKey: story ?? `r:${reviewer.id}:${r.created_time}`,
        storyId: story,
        reviewerId: reviewer.id,
        reviewerName: reviewer.name,
        rating: r.has_rating === false || r.rating === undefined ? null : Math.max(1, Math.min(5, Math.round(r.rating))),
        recommendationType: r.recommendation_type ?? ((r.rating ?? 5) >= 3 ? 'positive' : 'negative'),
        reviewText: r.review_text ?? '',
        createdTime: graphTime(r.created_time),
        syncedAt: now,
      };
    });
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
        await tx
          .insert(schema.reviews)
          .values(rows.slice(i, i + UPSERT_CHUNK))
          .onConflictDoUpdate({
            target: [schema.reviews.pageId, schema.reviews.externalKey],
            set: {
              rating: sql`excluded.rating`,
              recommendationType: sql`excluded.recommendation_type`,
              reviewText: sql`excluded.review_text`,
              reviewerName: sql`excluded.reviewer_name`,
              syncedAt: sql`excluded.synced_at`,
            },
          });
      }
      await tx
        .update(schema.facebookPages)
        .set({
          overallStarRating: summary.overall_star_rating ?? null,
          ratingCount: summary.rating_count ?? 0,
          syncStatus: 'ok',
          syncMessage: null,
          lastSyncedAt: now,
        })
        .where(eq(schema.facebookPages.id, pageId));
    });
    return { pageId, status: 'ok', fetched: rows.length };
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(schema.reviews).where(eq(schema.reviews.pageId, pageId));
    const { status, message } = syncMessage(ctx, e, n, page.lastSyncedAt);
    await ctx.db.update(schema.facebookPages).set({ syncStatus: status, syncMessage: message }).where(eq(schema.facebookPages.id, pageId));
    return { pageId, status, fetched: 0 };
  }
}

/** Arbitrary constant key: only one process of a PostgreSQL cluster runs the periodic sync. */
const SYNC_LOCK_KEY = 4_242_002;

/** Syncs every connected page; on PostgreSQL only the process holding the advisory lock does. */
export async function syncAllPages(ctx: AppContext, log?: FastifyBaseLogger): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  const run = async () => {
    const pages = await ctx.db.select({ id: schema.facebookPages.id }).from(schema.facebookPages).where(isNotNull(schema.facebookPages.pageAccessTokenEnc));
    for (const p of pages) {
      try {
        results.push(await syncPage(ctx, p.id));
      } catch (e) {
        log?.error({ err: e, pageId: p.id }, 'review sync failed');
      }
    }
  };
  if (ctx.database.kind === 'postgres') {
    // A transaction-scoped lock lives on the transaction's own connection, so the pool cannot
    // hand the unlock to a different connection; it is released when the transaction ends.
    await ctx.db.transaction(async (tx) => {
      const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK_KEY}) as ok`);
      const rows = (res as unknown as { rows: { ok: boolean }[] }).rows;
      if (rows[0]?.ok) await run();
    });
  } else {
    await run();
  }
  return results;
}
