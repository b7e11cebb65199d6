import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adCampaignDays, brands, importStaging, orders, outlets } from '../../db/schema.ts';
import type { AdRow } from './ads.csv.ts';

/**
 * SQL of Ads pro (docs/decisions/0043): the outlet's campaign-days
 * (`ad_campaign_days`), and the orders per day they are set against.
 */

async function q<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Campaign-days per insert statement. */
const BATCH = 1000;

/**
 * Writes campaign-days of one outlet: a new (campaign, day) is inserted, one the outlet has gets
 * the file's figures (an ads export revises its recent days). Call inside the import's transaction.
 * @returns rows inserted and rows replaced
 */
export async function upsertCampaignDays(db: Db, scope: { clientId: string; outletId: string; importId: string | null; currency: string }, rows: AdRow[]): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const written = await db
      .insert(adCampaignDays)
      .values(rows.slice(i, i + BATCH).map((r) => ({ clientId: scope.clientId, outletId: scope.outletId, importId: scope.importId, currency: scope.currency, campaign: r.campaign, day: r.day, spendMinor: r.spendMinor, impressions: r.impressions, clicks: r.clicks })))
      .onConflictDoUpdate({
        target: [adCampaignDays.outletId, adCampaignDays.campaign, adCampaignDays.day],
        set: { spendMinor: sql`excluded.spend_minor`, impressions: sql`excluded.impressions`, clicks: sql`excluded.clicks`, importId: sql`excluded.import_id`, currency: sql`excluded.currency`, updatedAt: sql`now()` },
      })
      // xmax is 0 on a row this statement inserted, the updating transaction's id on one it replaced.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const w of written) if (w.inserted) inserted++;
    updated += written.length - written.filter((w) => w.inserted).length;
  }
  return { inserted, updated };
}

/** Stages campaign-days of an import numbered from `firstSeq` (docs/decisions/0036 "Staging"; one short statement). */
export async function stageCampaignDays(db: Db, importId: string, firstSeq: number, rows: AdRow[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(importStaging).values(rows.map((r, i) => ({ importId, seq: firstSeq + i, row: { campaign: r.campaign, day: r.day, spend_minor: r.spendMinor, impressions: r.impressions, clicks: r.clicks } })));
}

/**
 * Moves an import's staged campaign-days into `ad_campaign_days` (one statement, in the swap's
 * transaction), as {@link upsertCampaignDays} writes them. @returns new and replaced campaign-days
 */
export async function swapStagedCampaignDays(db: Db, scope: { clientId: string; outletId: string; importId: string; currency: string }): Promise<{ inserted: number; updated: number }> {
  const r = await q<{ inserted: number; updated: number }>(db, sql`
    WITH up AS (
      INSERT INTO ${adCampaignDays} (client_id, outlet_id, import_id, currency, campaign, day, spend_minor, impressions, clicks)
      SELECT ${scope.clientId}, ${scope.outletId}, ${scope.importId}, ${scope.currency}, s."row"->>'campaign', (s."row"->>'day')::date,
             (s."row"->>'spend_minor')::bigint, (s."row"->>'impressions')::bigint, (s."row"->>'clicks')::bigint
        FROM ${importStaging} s WHERE s.import_id = ${scope.importId} ORDER BY s.seq
      ON CONFLICT (outlet_id, campaign, day) DO UPDATE SET spend_minor = excluded.spend_minor, impressions = excluded.impressions, clicks = excluded.clicks,
        import_id = excluded.import_id, currency = excluded.currency, updated_at = now()
      -- xmax is 0 on a row this statement inserted, the updating transaction's id on one it replaced.
      RETURNING (xmax = 0) AS inserted)
    SELECT (count(*) FILTER (WHERE inserted))::int AS inserted, (count(*) FILTER (WHERE NOT inserted))::int AS updated FROM up`);
  return r[0]!;
}

/**
 * Every outlet of a client with its brand and the currency of one of its orders (an index probe
 * per outlet, not a scan of the orders), by brand then outlet name.
 */
export async function outletsOf(db: Db, clientId: string): Promise<{ id: string; name: string; city: string; brandName: string; ordersCurrency: string | null }[]> {
  const rows = await q<{ id: string; name: string; city: string; brand_name: string; orders_currency: string | null }>(db, sql`
    SELECT o.id, o.name, o.city, b.name AS brand_name,
           (SELECT currency FROM ${orders} x WHERE x.outlet_id = o.id ORDER BY x.ordered_at DESC LIMIT 1) AS orders_currency
      FROM ${outlets} o JOIN ${brands} b ON b.id = o.brand_id
     WHERE o.client_id = ${clientId} ORDER BY b.name, o.name`);
  return rows.map((r) => ({ id: r.id, name: r.name, city: r.city, brandName: r.brand_name, ordersCurrency: r.orders_currency }));
}

/** The currency of the outlet's ad data, null before its first import. */
export async function adCurrencyOf(db: Db, outletId: string): Promise<string | null> {
  const [row] = await db.select({ currency: adCampaignDays.currency }).from(adCampaignDays).where(eq(adCampaignDays.outletId, outletId)).limit(1);
  return row?.currency ?? null;
}

/** Per outlet of the client with ad data: campaign-days, first and last day, currency. */
export async function adStatsOf(db: Db, clientId: string): Promise<{ outletId: string; campaignDays: number; firstDay: string; lastDay: string; currency: string }[]> {
  const rows = await q<{ outlet_id: string; n: number; first_day: string; last_day: string; currency: string }>(db, sql`
    SELECT outlet_id, count(*)::int AS n, to_char(min(day), 'YYYY-MM-DD') AS first_day, to_char(max(day), 'YYYY-MM-DD') AS last_day, min(currency) AS currency
      FROM ${adCampaignDays} WHERE client_id = ${clientId} GROUP BY outlet_id`);
  return rows.map((r) => ({ outletId: r.outlet_id, campaignDays: r.n, firstDay: r.first_day, lastDay: r.last_day, currency: r.currency }));
}

/** The outlet's first and last day of ad data. */
export async function adRange(db: Db, outletId: string): Promise<{ first: string | null; last: string | null }> {
  const r = await q<{ first: string | null; last: string | null }>(db, sql`
    SELECT to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last FROM ${adCampaignDays} WHERE outlet_id = ${outletId}`);
  return r[0] ?? { first: null, last: null };
}

/** The outlet's campaign-days from `from` to `to` (local days, both included), by day then campaign. */
export async function campaignDaysIn(db: Db, outletId: string, from: string, to: string): Promise<{ campaign: string; day: string; spendMinor: number; impressions: number; clicks: number }[]> {
  return db
    .select({ campaign: adCampaignDays.campaign, day: adCampaignDays.day, spendMinor: adCampaignDays.spendMinor, impressions: adCampaignDays.impressions, clicks: adCampaignDays.clicks })
    .from(adCampaignDays)
    .where(and(eq(adCampaignDays.outletId, outletId), sql`${adCampaignDays.day} BETWEEN ${from}::date AND ${to}::date`))
    .orderBy(asc(adCampaignDays.day), asc(adCampaignDays.campaign));
}

/** The outlet's orders and sales (minor units) per local day from `from` to `to`, days with orders only. */
export async function ordersPerDay(db: Db, outletId: string, from: string, to: string): Promise<{ day: string; orders: number; salesMinor: number }[]> {
  const r = await q<{ day: string; orders: number; sales: string }>(db, sql`
    SELECT to_char(ordered_at, 'YYYY-MM-DD') AS day, count(*)::int AS orders, sum(total_minor)::text AS sales
      FROM ${orders} WHERE outlet_id = ${outletId} AND ordered_at >= ${from}::date AND ordered_at < (${to}::date + 1) GROUP BY 1 ORDER BY 1`);
  return r.map((x) => ({ day: x.day, orders: x.orders, salesMinor: Number(x.sales) }));
}

/** The outlet's first and last local day with an order, and the currency of most orders. */
export async function ordersRangeOf(db: Db, outletId: string): Promise<{ first: string | null; last: string | null; currency: string | null }> {
  const r = await q<{ first: string | null; last: string | null; currency: string | null }>(db, sql`
    SELECT to_char(min(ordered_at), 'YYYY-MM-DD') AS first, to_char(max(ordered_at), 'YYYY-MM-DD') AS last, mode() WITHIN GROUP (ORDER BY currency) AS currency
      FROM ${orders} WHERE outlet_id = ${outletId}`);
  return r[0] ?? { first: null, last: null, currency: null };
}

/** Campaign-days of an outlet (tests: nothing written by a refused import). */
export async function countOf(db: Db, outletId: string): Promise<number> {
  const r = await q<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${adCampaignDays} WHERE outlet_id = ${outletId}`);
  return r[0]!.n;
}
