import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client.ts';
import { insertBrandWithOutlets } from './orders.repository.ts';
import { importFileNow } from './orders.service.ts';

/** The real London orders shipped with this module (a copy of shared/data's file, provenance in docs/decisions/0036). */
export const LONDON_ORDERS_FILE = fileURLToPath(new URL('./data/orders_takeaway_london.csv', import.meta.url));

/** Names say what the rows are: real orders of two London takeaways, shown in a demo client. */
export const DEMO_LONDON_BRAND = { key: 'london-takeaways', name: 'London Takeaways (real orders, demo)', cuisines: ['Indian'] };
export const DEMO_LONDON_OUTLETS = [
  { key: 'takeaway-1', name: 'Takeaway 1, London (real orders 2018–19)', city: 'London' },
  { key: 'takeaway-2', name: 'Takeaway 2, London (real orders, 5 days of 2019)', city: 'London' },
];

/**
 * Whether the demo seed adds the London takeaways and their orders: `SEED_DEMO_ORDERS=1` or `0`
 * decides; unset, yes, except inside Vitest (`VITEST`): 29,287 lines take 3–15 s on PGlite, which
 * every server test file would pay at its start; the suites that read orders set `1`.
 */
export function demoOrdersEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.SEED_DEMO_ORDERS === '1' || env.SEED_DEMO_ORDERS === '0') return env.SEED_DEMO_ORDERS === '1';
  return !env.VITEST;
}

/**
 * Demo seed: a brand of two London outlets in `clientId`, each with its real orders of
 * `orders_takeaway_london.csv` imported through the import's own code (validate, then write),
 * inside the seed's transaction. The file is read from `seedDir` when it holds one, else from
 * this module's copy. @returns per outlet key its id and the orders imported (empty when the seed skips orders)
 */
export async function seedLondonOrders(tx: Db, clientId: string, seedDir: string): Promise<Record<string, { outletId: string; orders: number }>> {
  if (!demoOrdersEnabled()) return {};
  const inSeedDir = join(seedDir, 'orders_takeaway_london.csv');
  const path = existsSync(inSeedDir) ? inSeedDir : LONDON_ORDERS_FILE;
  const ids = await insertBrandWithOutlets(tx, clientId, DEMO_LONDON_BRAND, DEMO_LONDON_OUTLETS);
  const out: Record<string, { outletId: string; orders: number }> = {};
  for (const o of DEMO_LONDON_OUTLETS) {
    const r = await importFileNow(tx, { path, clientId, outletId: ids[o.key]!, currency: 'GBP', shape: 'london', sourceOutlet: o.key, mapping: null, fileName: 'orders_takeaway_london.csv (real orders, demo seed)', actorUserId: null });
    out[o.key] = { outletId: ids[o.key]!, orders: r.orders };
  }
  return out;
}
