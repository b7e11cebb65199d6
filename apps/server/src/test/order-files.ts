import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The header of `orders_takeaway_london.csv` (its shape). */
export const LONDON_HEADER = 'outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete';

/**
 * Writes a synthetic London-shaped order file of exactly `rows` data rows, for the streaming test
 * and the benchmark: orders of 1–4 lines every 7 minutes from 2018-01-01 17:00, all
 * of outlet `bench-1`, each order's lines together, every row valid.
 * @returns the file's path, in a fresh temporary folder the caller removes
 */
export function generatedLondonOrderFile(rows: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'dinedesk-orders-generated-'));
  const path = join(dir, 'generated.csv');
  const items = ['Chicken Tikka Masala', 'Pilau Rice', 'Plain Naan', 'Onion Bhajee', 'Saag Aloo', 'Lamb Biryani', 'Mango Chutney', 'Garlic Naan'];
  const out = [LONDON_HEADER];
  let order = 0;
  let t = Date.UTC(2018, 0, 1, 17, 0);
  while (out.length - 1 < rows) {
    order++;
    t += 7 * 60_000;
    const at = new Date(t).toISOString().slice(0, 19);
    const n = 1 + (order % 4);
    for (let k = 0; k < n && out.length - 1 < rows; k++) out.push(`bench-1,${order},${at},${items[(order + k) % items.length]},${1 + (k % 2)},${(2.5 + ((order + k) % 7)).toFixed(2)},${n},yes`);
  }
  writeFileSync(path, out.join('\n') + '\n');
  return path;
}
