import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { ADS_COLUMNS } from '@dinedesk/contracts/ads';
import type { Db } from '../../db/client.ts';
import { importAdsFileNow } from './ads.service.ts';

/**
 * The generated demo ads file ("a documented shape with a generated demo file",
 * docs/decisions/0043). No public dataset pairs a restaurant's ad results with its orders, so
 * these campaigns are GENERATED, deterministically (a seeded pure-rand generator), over the period of Takeaway
 * 1's real orders (2018-06 to 2019-05), with spend, CPM and CTR in the ranges small local
 * restaurant campaigns report. The file says what it is in its name; the seed imports it into
 * Takeaway 1 through the import's own code.
 *
 * Regenerate: `npm run ads:demo -w @dinedesk/server` (writes {@link DEMO_ADS_FILE}); a test
 * checks the committed file is this generator's output.
 */

export const DEMO_ADS_FILE = fileURLToPath(new URL('./data/ads_demo_takeaway_1.csv', import.meta.url));

interface Campaign {
  name: string;
  from: string;
  to: string;
  /** ISO weekdays it runs (1 = Monday … 7 = Sunday). */
  weekdays: number[];
  /** Daily spend range, GBP. */
  spend: [number, number];
  /** Cost per 1,000 impressions range, GBP. */
  cpm: [number, number];
  /** Click-through rate range. */
  ctr: [number, number];
}

export const DEMO_CAMPAIGNS: Campaign[] = [
  { name: 'Curry Night Thursdays (Facebook)', from: '2018-09-06', to: '2019-03-28', weekdays: [4], spend: [18, 26], cpm: [5, 8], ctr: [0.009, 0.016] },
  { name: 'New Menu Launch (Facebook)', from: '2018-10-01', to: '2018-10-21', weekdays: [1, 2, 3, 4, 5, 6, 7], spend: [30, 45], cpm: [6, 9], ctr: [0.011, 0.019] },
  { name: 'Weekend Feast (Instagram)', from: '2018-11-02', to: '2019-01-27', weekdays: [5, 6, 7], spend: [25, 40], cpm: [4, 7], ctr: [0.008, 0.014] },
  { name: 'Christmas Takeaway (Instagram)', from: '2018-12-01', to: '2018-12-24', weekdays: [1, 2, 3, 4, 5, 6, 7], spend: [35, 55], cpm: [5, 9], ctr: [0.012, 0.022] },
  { name: 'Spring Delivery Offer (Google)', from: '2019-04-01', to: '2019-05-15', weekdays: [1, 2, 3, 4, 5, 6, 7], spend: [15, 25], cpm: [7, 12], ctr: [0.015, 0.03] },
];

/** The demo file's text: the header of `ADS_COLUMNS`, then one row per campaign and day, by day. */
export function demoAdsCsv(): string {
  // A seeded generator (pure-rand, fast-check's): the same file everywhere, every time.
  const rng = xoroshiro128plus(20181001);
  const between = ([lo, hi]: [number, number]) => lo + (hi - lo) * uniformFloat64(rng);
  const rows: (string | number)[][] = [];
  for (const c of DEMO_CAMPAIGNS) {
    for (let t = Date.parse(`${c.from}T00:00:00Z`); t <= Date.parse(`${c.to}T00:00:00Z`); t += 86_400_000) {
      const d = new Date(t);
      if (!c.weekdays.includes(d.getUTCDay() || 7)) continue;
      const spend = Math.round(between(c.spend) * 100) / 100;
      const impressions = Math.round((spend / between(c.cpm)) * 1000);
      const clicks = Math.round(impressions * between(c.ctr));
      rows.push([c.name, d.toISOString().slice(0, 10), spend.toFixed(2), impressions, clicks]);
    }
  }
  rows.sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0])));
  return stringify([[...ADS_COLUMNS], ...rows]);
}

/** Demo seed: the generated campaigns imported into Takeaway 1 (GBP, like its orders). */
export async function seedDemoAds(tx: Db, clientId: string, outletId: string): Promise<{ inserted: number }> {
  const w = await importAdsFileNow(tx, { path: DEMO_ADS_FILE, clientId, outletId, currency: 'GBP', fileName: 'ads_demo_takeaway_1.csv (generated demo campaigns)' });
  return { inserted: w.inserted };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--write')) {
  writeFileSync(DEMO_ADS_FILE, demoAdsCsv());
  console.log(`wrote ${DEMO_ADS_FILE}`);
}
