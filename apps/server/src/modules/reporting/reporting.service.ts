import type { SeedData } from '@dinedesk/demo-data';
import { DOWNTIME_PERIOD_DAYS, type TOutletTimings, type TOutletTimingsList, type TOutletTimingsRequest } from '@dinedesk/contracts/reporting';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { seedData } from '../orders/index.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { addDays, recordedStatus } from './reporting.downtime.ts';
import * as repo from './reporting.repository.ts';
import { parseTimings } from './timings.ts';

/**
 * Reporting → Outlet timings (docs/requirements/screen-contents.md#outlet-timings,
 * docs/decisions/0037).
 *
 * Outlets keep no hours of their own: an outlet's timings are the `timings` text of its
 * restaurant in the real Zomato Hyderabad data (demo-data's seed directory, `SEED_DIR`), matched
 * by outlet key = `restaurant_id` in Hyderabad, as Dining insights match it. The text is read by
 * `parseTimings` (timings.ts); an outlet with imported orders (orders module) and a readable
 * schedule also gets its downtime log over the last {@link DOWNTIME_PERIOD_DAYS} days of orders.
 */


/** The `timings` text of the outlet's restaurant, or null when the data has none for it. */
function timingsOf(data: SeedData, outlet: repo.OutletRow): string | null {
  if (outlet.city !== 'Hyderabad') return null;
  return data.restaurants.find((r) => r.restaurantId === outlet.key)?.timings ?? null;
}

/**
 * `POST /api/reporting/outlet-timings`: the timings of the outlet named (404 naming
 * `body.outletId` when the caller does not see it) or of every outlet the caller sees.
 * @returns per outlet: raw text, parsed schedule or the reason it was not read, order count,
 *   and the recorded status from orders (null without orders or without a readable schedule)
 */
export async function outletTimings(ctx: AppContext, auth: AuthContext, req: TOutletTimingsRequest): Promise<TOutletTimingsList> {
  let list: repo.OutletRow[];
  if (req.outletId) {
    const outlet = await repo.outletById(ctx.db, req.outletId);
    if (!outlet || !inTenantScope(auth, { clientId: outlet.clientId, outletId: outlet.id })) throw new HttpError(404, `Outlet ${req.outletId} not found`, { field: 'body.outletId' });
    list = [outlet];
  } else {
    if (!auth.clientId) return { data: [] };
    list = await repo.outletsInScope(ctx.db, auth);
  }
  if (!list.length) return { data: [] };
  const data = seedData(ctx.config.seedDir);
  const stats = await repo.orderStatsOf(ctx.db, list[0]!.clientId);
  const out: TOutletTimings[] = [];
  for (const o of list) {
    const timings = timingsOf(data, o);
    const schedule = timings === null ? null : parseTimings(timings);
    const s = stats.get(o.id);
    let status: TOutletTimings['recordedStatus'] = null;
    if (s && schedule && !schedule.unparsed) {
      const to = s.lastDay;
      const from = addDays(to, -(DOWNTIME_PERIOD_DAYS - 1));
      status = recordedStatus(schedule.week, await repo.orderTimes(ctx.db, o.id, from, to), from, to);
    }
    out.push({ outletId: o.id, outletName: o.name, brandName: o.brandName, city: o.city, timings, schedule, orders: s?.orders ?? 0, recordedStatus: status });
  }
  return { data: out };
}
