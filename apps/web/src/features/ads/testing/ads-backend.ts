/**
 * An in-memory stand-in for the Ads pro calls for the screen's tests, through the contract
 * handlers (testing/contract-handlers.ts `contractHandler`), so every request and answer is
 * checked against `@dinedesk/contracts/ads`.
 *
 * It computes what the server does (docs/decisions/0043) on a few campaign-days: the period
 * (default the last 28 days with ad data), the totals and campaigns, and the `day_share`
 * attribution (each day's orders shared among that day's campaigns by clicks, by spend on a day
 * without clicks). An upload queues an import; jsdom's XMLHttpRequest hands the file to MSW as no
 * text, so what the "file" holds is given here (`nextImport`): the first status call finds it
 * validating, the next one imported (its rows added to the outlet) or rejected.
 */
import {
  ADS_API,
  ZAdsImport,
  ZAdsImportList,
  ZAdsImportQuery,
  ZAdsOutletRequest,
  ZAdsOutlets,
  ZAdsPerformance,
  ZAdsPerformanceRequest,
  type TAdsCampaign,
  type TAdsFigures,
  type TAdsImport,
  type TAdsOutlet,
  type TAdsPerformance,
} from '@dinedesk/contracts/ads';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { mockApi, recordRequest } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const LONDON_1 = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000d1';
export const NO_ADS = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000d2';
export const IMPORT_ID = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000e1';

/** One row of an ads CSV, as the server stores it. */
export interface AdsRow {
  campaign: string;
  date: string;
  spend: number;
  impressions: number;
  clicks: number;
}

/** Takeaway 1's ads: two campaigns over the last three days of May 2019, one day without ads before them. */
export const LONDON_ROWS: AdsRow[] = [
  { campaign: 'Curry night', date: '2019-05-29', spend: 10, impressions: 2000, clicks: 30 },
  { campaign: 'Curry night', date: '2019-05-30', spend: 12.5, impressions: 2500, clicks: 40 },
  { campaign: 'Lunch deal', date: '2019-05-30', spend: 7.5, impressions: 1500, clicks: 10 },
  { campaign: 'Curry night', date: '2019-05-31', spend: 20, impressions: 5000, clicks: 50 },
];

/** Orders per day of the outlets (the order data runs 2019-05-27 to 2019-05-31). */
const ORDERS: Record<string, Record<string, number>> = {
  [LONDON_1]: { '2019-05-27': 10, '2019-05-28': 12, '2019-05-29': 15, '2019-05-30': 20, '2019-05-31': 25 },
  [NO_ADS]: { '2019-05-27': 4, '2019-05-28': 6 },
};
/** Sales per order (GBP), for the attributed sales. */
const ORDER_VALUE = 25;

const OUTLET_BASE: TAdsOutlet[] = [
  { id: LONDON_1, name: 'Takeaway 1, London (real orders 2018–19)', city: 'London', brandName: 'London Takeaways (real orders, demo)', currency: 'GBP', ordersCurrency: 'GBP', campaignDays: 0, firstDay: null, lastDay: null, canImport: true },
  { id: NO_ADS, name: 'Takeaway 2, London (real orders 2018–19)', city: 'London', brandName: 'London Takeaways (real orders, demo)', currency: null, ordersCurrency: 'GBP', campaignDays: 0, firstDay: null, lastDay: null, canImport: true },
];

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

function figures(rows: AdsRow[], attributed: number): TAdsFigures {
  const spend = round(rows.reduce((a, r) => a + r.spend, 0), 2);
  const impressions = rows.reduce((a, r) => a + r.impressions, 0);
  const clicks = rows.reduce((a, r) => a + r.clicks, 0);
  const attributedSales = round(attributed * ORDER_VALUE, 2);
  return {
    spend,
    impressions,
    clicks,
    ctr: impressions ? round(clicks / impressions) : null,
    attributedOrders: round(attributed),
    attributedSales,
    costPerOrder: attributed ? round(spend / attributed, 2) : null,
    returnOnSpend: spend ? round(attributedSales / spend) : null,
  };
}

/** The performance answer, computed as the server does (module comment). */
export function performanceOf(outlet: TAdsOutlet, rows: AdsRow[], from?: string, to?: string): TAdsPerformance {
  const orders = ORDERS[outlet.id] ?? {};
  const days = [...new Set(rows.map((r) => r.date))].sort();
  const dataFrom = days[0] ?? null;
  const dataTo = days.at(-1) ?? null;
  const end = to ?? (from ? addDays(from, 27) : dataTo);
  const start = from ?? (end ? addDays(end, -27) : null);
  const base = { outletId: outlet.id, currency: dataTo ? (outlet.currency ?? 'GBP') : null, ordersCurrency: outlet.ordersCurrency, dataFrom, dataTo, canImport: outlet.canImport };
  if (!start || !end) {
    return { ...base, from: null, to: null, totals: figures([], 0), campaigns: [], daily: [], attribution: { method: 'day_share', estimate: true, adDays: 0, adDayOrders: null, otherDays: 0, otherDayOrders: null, ordersCovered: true } };
  }
  const inPeriod = rows.filter((r) => r.date >= start && r.date <= end);
  const share = new Map<AdsRow, number>();
  const daily: TAdsPerformance['daily'] = [];
  let adDays = 0;
  let adOrders = 0;
  let otherDays = 0;
  let otherOrders = 0;
  let covered = true;
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const today = inPeriod.filter((r) => r.date === day && r.spend > 0);
    const dayOrders = orders[day] ?? null;
    const clicks = today.reduce((a, r) => a + r.clicks, 0);
    const spend = today.reduce((a, r) => a + r.spend, 0);
    for (const r of today) share.set(r, dayOrders === null ? 0 : dayOrders * (clicks ? r.clicks / clicks : r.spend / spend));
    if (today.length && dayOrders === null) covered = false;
    if (dayOrders !== null && today.length) {
      adDays++;
      adOrders += dayOrders;
    } else if (dayOrders !== null) {
      otherDays++;
      otherOrders += dayOrders;
    }
    // One entry per day of the period, as the server answers (decision 0043).
    const onDay = inPeriod.filter((r) => r.date === day);
    daily.push({ day, spend: round(onDay.reduce((a, r) => a + r.spend, 0), 2), impressions: onDay.reduce((a, r) => a + r.impressions, 0), clicks: onDay.reduce((a, r) => a + r.clicks, 0), orders: dayOrders, attributedOrders: round(today.reduce((a, r) => a + (share.get(r) ?? 0), 0)) });
  }
  const names = [...new Set(inPeriod.map((r) => r.campaign))];
  const campaigns: TAdsCampaign[] = names
    .map((campaign) => {
      const own = inPeriod.filter((r) => r.campaign === campaign);
      const dates = own.map((r) => r.date).sort();
      return { campaign, firstDay: dates[0]!, lastDay: dates.at(-1)!, days: dates.length, ...figures(own, own.reduce((a, r) => a + (share.get(r) ?? 0), 0)) };
    })
    .sort((a, b) => b.spend - a.spend);
  return {
    ...base,
    from: start,
    to: end,
    totals: figures(inPeriod, [...share.values()].reduce((a, b) => a + b, 0)),
    campaigns,
    daily,
    attribution: { method: 'day_share', estimate: true, adDays, adDayOrders: adDays ? round(adOrders / adDays) : null, otherDays, otherDayOrders: otherDays ? round(otherOrders / otherDays) : null, ordersCovered: covered },
  };
}

/** What the next uploaded file holds: rows that import, or problems that reject it. */
export type NextImport = { rows: AdsRow[] } | { problems: number };

export interface AdsBackendOptions {
  /** Campaign-days already imported, by outlet (default: Takeaway 1's {@link LONDON_ROWS}). */
  rows?: Record<string, AdsRow[]>;
  /** The outlets' `canImport` (false: a viewer). */
  canImport?: boolean;
  /** The first this many performance calls fail with a 500. */
  failPerformance?: number;
  nextImport?: NextImport;
  /** The upload is refused with this 400 message (naming the query's `currency`). */
  refuseUpload?: string;
}

export function adsBackend({ rows = { [LONDON_1]: LONDON_ROWS }, canImport = true, failPerformance = 0, nextImport = { problems: 1 }, refuseUpload }: AdsBackendOptions = {}) {
  const data = new Map(Object.entries(rows).map(([k, v]) => [k, [...v]]));
  const imports: TAdsImport[] = [];
  let statusCalls = 0;
  let failures = failPerformance;
  const outlets = (): TAdsOutlet[] =>
    OUTLET_BASE.map((o) => {
      const own = data.get(o.id) ?? [];
      const days = own.map((r) => r.date).sort();
      return { ...o, currency: own.length ? (o.currency ?? imports.find((i) => i.outletId === o.id)?.currency ?? 'GBP') : o.currency, campaignDays: own.length, firstDay: days[0] ?? null, lastDay: days.at(-1) ?? null, canImport };
    });
  const find = (id: string) => outlets().find((o) => o.id === id);

  const api = mockApi(
    contractHandler('adsOutlets', { method: 'POST', path: ADS_API.outlets, body: z.object({}).strict(), response: ZAdsOutlets }, () => ({ data: outlets() })),
    contractHandler('adsPerformance', { method: 'POST', path: ADS_API.performance, body: ZAdsPerformanceRequest, response: ZAdsPerformance }, ({ body }) => {
      if (failures > 0) {
        failures--;
        return reply.error(500, { message: 'The ads figures could not be read' });
      }
      const outlet = find(body.outletId);
      if (!outlet) return reply.error(404, { message: `Outlet ${body.outletId} not found`, field: 'body.outletId' });
      return performanceOf(outlet, data.get(outlet.id) ?? [], body.from, body.to);
    }),
    contractHandler('adsImportList', { method: 'POST', path: ADS_API.importList, body: ZAdsOutletRequest, response: ZAdsImportList }, ({ body }) => ({ data: imports.filter((i) => i.outletId === body.outletId).reverse() })),
    contractHandler('adsImport', { method: 'POST', path: ADS_API.imports, query: ZAdsImportQuery, status: 202, response: ZAdsImport }, ({ query, headers }) => {
      if (!canImport) return reply.error(403, { message: 'You may not import ads' });
      if (headers.get('content-type') !== 'text/csv') return reply.error(415, { message: 'Send the CSV file as text/csv' });
      if (refuseUpload) return reply.error(400, { message: refuseUpload, field: 'query.currency' });
      const q = ZAdsImportQuery.parse(Object.fromEntries(query));
      const imp: TAdsImport = { id: IMPORT_ID, outletId: q.outletId, fileName: q.fileName, bytes: 120, currency: q.currency, status: 'queued', progress: 0, rowsRead: 0, daysImported: 0, daysUpdated: 0, problemCount: 0, failure: null, createdAt: '2026-11-27T10:00:00.000Z', finishedAt: null };
      imports.push(imp);
      statusCalls = 0;
      return imp;
    }),
    contractHandler('adsImportStatus', { method: 'GET', path: ADS_API.importStatus, response: ZAdsImport }, ({ params }) => {
      const at = imports.findIndex((i) => i.id === params.importId);
      const imp = imports[at];
      if (!imp) return reply.error(404, { message: 'Import not found' });
      statusCalls++;
      if (imp.status === 'queued') imports[at] = { ...imp, status: 'validating', progress: 0.3 };
      else if (imp.status === 'validating') {
        if ('problems' in nextImport) {
          imports[at] = { ...imp, status: 'rejected', progress: 1, rowsRead: nextImport.problems + 1, problemCount: nextImport.problems, finishedAt: '2026-11-27T10:00:02.000Z' };
        } else {
          const own = data.get(imp.outletId) ?? [];
          const known = (r: AdsRow) => own.findIndex((o) => o.campaign === r.campaign && o.date === r.date);
          const updated = nextImport.rows.filter((r) => known(r) >= 0).length;
          for (const r of nextImport.rows) {
            const i = known(r);
            if (i >= 0) own[i] = r;
            else own.push(r);
          }
          data.set(imp.outletId, own);
          imports[at] = { ...imp, status: 'imported', progress: 1, rowsRead: nextImport.rows.length, daysImported: nextImport.rows.length - updated, daysUpdated: updated, finishedAt: '2026-11-27T10:00:02.000Z' };
        }
      }
      return imports[at]!;
    }),
    // The report is CSV, which the contract names but gives no schema.
    http.get(ADS_API.importReport, async ({ request }) => {
      await recordRequest(request);
      return new HttpResponse('row,column,problem\n2,clicks,clicks must be at most impressions\n', { headers: { 'Content-Type': 'text/csv' } });
    }),
  );
  return Object.assign(api, {
    /** How often the status of the last import was asked. */
    statusCalls: () => statusCalls,
  });
}
