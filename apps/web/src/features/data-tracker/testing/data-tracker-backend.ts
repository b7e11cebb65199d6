/**
 * An in-memory stand-in for the Data tracker calls for the screen's tests, through the contract
 * handlers (testing/contract-handlers.ts `contractHandler`), so every request and answer is
 * checked against `@dinedesk/contracts/data-tracker`. "Sync now" queues a job on the row, and the
 * next read after `finishJobs()` shows it done (or, with `dieOnSync`, the token refused).
 */
import {
  DATA_SOURCES,
  DATA_TRACKER_API,
  ZDataTracker,
  ZDataTrackerRequest,
  ZDataTrackerSyncRequest,
  ZDataTrackerSyncResponse,
  type TDataTrackerRow,
} from '@dinedesk/contracts/data-tracker';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const BEYOND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c1';
export const LONDON = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c2';
export const DAYS = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
const HOUR = 3_600_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
export const DEATH = 'Facebook no longer accepts this page’s access token: the password of the account that connected it was changed (error 190/460). Reconnect the page.';

function base(outletId: string, outletName: string, brandName: string, source: TDataTrackerRow['source']): TDataTrackerRow {
  return {
    outletId,
    outletName,
    brandName,
    source,
    account: null,
    state: 'not_connected',
    schedule: source === 'orders' ? 'import' : source === 'instagram' ? 'on_view' : 'periodic',
    lastSuccessAt: null,
    nextSyncAt: null,
    error: null,
    token: { health: 'none', expiresAt: null },
    counts: [0, 0, 0, 0, 0, 0, 0],
    job: null,
    demoShiftWeeks: null,
    canSync: false,
    graphVersion: null,
    reviewsEnded: null,
  };
}

/** Beyond Flavours: Facebook up to date, Google failing, Instagram expiring; London: orders imported, the rest not connected. */
export function fixtureRows(canSync = true): TDataTrackerRow[] {
  const beyond = (s: TDataTrackerRow['source']) => base(BEYOND, 'Beyond Flavours, Gachibowli', 'Beyond Flavours', s);
  const london = (s: TDataTrackerRow['source']) => base(LONDON, 'Takeaway 1, London', 'London Takeaways', s);
  return [
    { ...beyond('facebook'), account: 'Beyond Flavours', state: 'ok', lastSuccessAt: iso(-5 * 60_000), nextSyncAt: iso(2 * HOUR), token: { health: 'valid', expiresAt: null }, counts: [1, 0, 3, 0, 0, 2, 4], demoShiftWeeks: 392, canSync },
    { ...beyond('google'), account: 'Beyond Flavours Gachibowli', state: 'failing', lastSuccessAt: iso(-26 * HOUR), nextSyncAt: iso(2 * HOUR), error: 'Google did not answer (503). DineDesk tries again.', token: { health: 'valid', expiresAt: null }, counts: [0, 1, 0, 0, 0, 0, 0], job: { id: 'j-google', name: 'google.sync-location', state: 'retry', retryCount: 2, retryLimit: 5, createdAt: iso(-HOUR), startAfter: iso(10 * 60_000), completedAt: null, error: 'Google answered 503' }, canSync },
    { ...beyond('instagram'), account: '@beyondflavours', state: 'ok', lastSuccessAt: iso(-30 * 60_000), nextSyncAt: iso(30 * 60_000), token: { health: 'expiring', expiresAt: '2026-12-01T10:00:00.000Z' }, counts: [0, 0, 1, 0, 0, 0, 0], canSync },
    { ...beyond('orders'), state: 'never' },
    london('facebook'),
    london('google'),
    london('instagram'),
    { ...london('orders'), account: 'london-takeaway-1.csv', state: 'ok', lastSuccessAt: iso(-2 * HOUR), counts: [0, 0, 0, 0, 0, 0, 5290], demoShiftWeeks: 1, job: { id: 'j-orders', name: 'orders.import', state: 'completed', retryCount: 0, retryLimit: 2, createdAt: iso(-2 * HOUR), startAfter: null, completedAt: iso(-2 * HOUR), error: null } },
  ];
}

export function dataTrackerBackend({ error, rows = fixtureRows(), dieOnSync = false, refuseSync = false }: { error?: number; rows?: TDataTrackerRow[]; dieOnSync?: boolean; refuseSync?: boolean } = {}) {
  let current = rows.map((r) => ({ ...r }));
  let jobNo = 0;
  const api = mockApi(
    contractHandler('dataTracker', { method: 'POST', path: DATA_TRACKER_API.dataTracker, body: ZDataTrackerRequest.nullish(), response: ZDataTracker }, () =>
      error ? reply.error(error, { message: 'The database is not answering' }) : { generatedAt: new Date().toISOString(), days: DAYS, rows: current },
    ),
    contractHandler('dataTrackerSync', { method: 'POST', path: DATA_TRACKER_API.sync, body: ZDataTrackerSyncRequest, response: ZDataTrackerSyncResponse }, ({ body }) => {
      const at = current.findIndex((r) => r.outletId === body.outletId && r.source === body.source);
      const row = current[at];
      if (!row) return reply.error(404, { message: `Outlet ${body.outletId} not found`, field: 'body.outletId' });
      if (!row.canSync || refuseSync) return reply.error(409, { message: DEATH, field: 'body.source', code: 'token_dead' });
      const job = { id: `j-${++jobNo}`, name: body.source === 'google' ? 'google.sync-location' : body.source === 'instagram' ? 'instagram.refresh-account' : 'reviews.sync-page', state: 'created' as const, retryCount: 0, retryLimit: 5, createdAt: new Date().toISOString(), startAfter: null, completedAt: null, error: null };
      current[at] = { ...row, job };
      return { queued: true, row: current[at]! };
    }),
  );
  return Object.assign(api, {
    /** Every queued job runs: done, or (with `dieOnSync`) the Page token refused. */
    finishJobs() {
      current = current.map((r) => {
        if (!r.job || r.job.state !== 'created') return r;
        const job = { ...r.job, state: 'completed' as const, completedAt: new Date().toISOString() };
        if (dieOnSync && r.source === 'facebook') return { ...r, job, state: 'failing', error: DEATH, token: { health: 'dead', expiresAt: null }, nextSyncAt: null, canSync: false };
        return { ...r, job, state: 'ok', error: null, lastSuccessAt: new Date().toISOString() };
      });
    },
    sources: DATA_SOURCES,
  });
}
