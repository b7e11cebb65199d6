import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { z } from 'zod';
import { GraphError } from '../../lib/graph-client.ts';
import { cleanText } from '../../lib/text.ts';
import { reportBadItem } from '../reviews/bad-items.ts';
import { decryptPageToken } from './page-tokens.ts';

/**
 * A rating as Graph API `/{page-id}/ratings` returns it (external-apis.md §2). Checked item by
 * item: one rating DineDesk cannot use is skipped and logged, the others are synced (issue #8).
 */
export const ZGraphRating = z.looseObject({
  created_time: z.string(),
  has_rating: z.boolean().optional(),
  has_review: z.boolean().optional(),
  rating: z.number().finite().optional(),
  recommendation_type: z.enum(['positive', 'negative']).optional(),
  review_text: z.string().optional(),
  reviewer: z.object({ id: z.string().min(1), name: z.string() }).optional(),
  open_graph_story: z.object({ id: z.string().min(1) }).optional(),
});
export type GraphRating = z.infer<typeof ZGraphRating>;
type PageRow = typeof schema.facebookPages.$inferSelect;
export type ReviewInsert = typeof schema.reviews.$inferInsert;

const RATING_FIELDS = 'created_time,has_rating,has_review,rating,recommendation_type,review_text,reviewer{id,name},open_graph_story{id}';
/** Rows per INSERT statement: keeps statements well under PostgreSQL's 65,535 parameter limit. */
const UPSERT_CHUNK = 500;

export interface SyncResult {
  pageId: string;
  status: 'ok' | 'failed' | 'deprecated' | 'token_invalid' | 'never';
  fetched: number;
}

/** @returns the time, or null when it is not one ISO 8601 can carry (four-digit years). */
function graphTime(s: string): Date | null {
  // Graph writes `2024-05-01T10:00:00+0000`; Date needs the colon in the offset.
  const d = new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1000 || d.getUTCFullYear() > 9999 ? null : d;
}

/**
 * One Graph rating as a `reviews` row: texts from Meta are cleaned (control characters dropped,
 * lone surrogates replaced; issue #8 "text that arrives from Meta is cleaned, never refused").
 * @returns null (logged once) when the rating cannot be used: wrong shape or an impossible time
 */
export function ratingRow(ctx: AppContext, page: PageRow, raw: unknown, now: Date): ReviewInsert | null {
  const parsed = ZGraphRating.safeParse(raw);
  const where = { pageId: page.id };
  const story = (raw as { open_graph_story?: { id?: unknown } } | null)?.open_graph_story?.id;
  const itemId = typeof story === 'string' ? story : JSON.stringify(raw ?? null).slice(0, 120);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    reportBadItem(ctx, 'graph_rating', itemId, `${issue.path.join('.')}: ${issue.message}`, where);
    return null;
  }
  const r = parsed.data;
  const createdTime = graphTime(r.created_time);
  if (!createdTime) {
    reportBadItem(ctx, 'graph_rating', itemId, `created_time is not a usable time: ${r.created_time.slice(0, 40)}`, where);
    return null;
  }
  const reviewer = r.reviewer ? { id: cleanText(r.reviewer.id), name: cleanText(r.reviewer.name) } : { id: 'unknown', name: 'Facebook user' };
  const storyId = r.open_graph_story ? cleanText(r.open_graph_story.id) : null;
  return {
    clientId: page.clientId,
    outletId: page.outletId,
    pageId: page.id,
    externalKey: storyId ?? `r:${reviewer.id}:${r.created_time}`,
    storyId,
    reviewerId: reviewer.id,
    reviewerName: reviewer.name,
    rating: r.has_rating === false || r.rating === undefined ? null : Math.max(1, Math.min(5, Math.round(r.rating))),
    recommendationType: r.recommendation_type ?? ((r.rating ?? 5) >= 3 ? 'positive' : 'negative'),
    reviewText: cleanText(r.review_text ?? ''),
    createdTime,
    syncedAt: now,
  };
}

/** Upserts review rows on `(page_id, external_key)`; Graph's text and rating win. */
export async function upsertReviews(tx: AppContext['db'], rows: ReviewInsert[]): Promise<void> {
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
 * the stored reviews are kept and the page records why (status + message). A rating that
 * cannot be used is skipped (logged once) and the others are synced; any other failure marks
 * the page `failed` with the reason instead of leaving it claiming `ok` (issue #8).
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
    const ratings: unknown[] = [];
    for await (const batch of ctx.graph.paginate<unknown>(`${pageId}/ratings`, { fields: RATING_FIELDS, limit: 100 }, token)) {
      if (Array.isArray(batch)) ratings.push(...batch);
    }
    const now = ctx.now();
    const rows = ratings.map((r) => ratingRow(ctx, page, r, now)).filter((r) => r !== null);
    await ctx.db.transaction(async (tx) => {
      await upsertReviews(tx, rows);
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
    if (!(e instanceof GraphError)) {
      // Not Facebook's doing (a bug, the database): say so on the page and let the caller log it.
      await ctx.db
        .update(schema.facebookPages)
        .set({ syncStatus: 'failed', syncMessage: `The last sync failed inside DineDesk (${(e as Error).message.slice(0, 200)}). The reviews synced earlier stay visible; DineDesk retries automatically.` })
        .where(eq(schema.facebookPages.id, pageId))
        .catch(() => undefined);
      throw e;
    }
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
