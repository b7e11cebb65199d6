import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORTS_API } from '@dinedesk/contracts/reports';
import { schema } from '../../db/client.ts';
import { signIn } from '../../test/harness.ts';
import { restartBed } from '../../test/restart.ts';
import { reportScheduleJob } from './reports.service.ts';

/**
 * Scheduled reports across a restart ("Job tests for scheduled reports across a
 * restart"): a weekly report falls due while no server runs; the next server(s) (two at once on
 * PostgreSQL) run the schedule, and the report is generated and mailed once, with its file
 * attached, and its next run moved to the following Monday.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('scheduled reports across a restart', () => {
  it('a report due while no server runs is generated and mailed once by the next server(s)', async () => {
    const bed = await restartBed('dinedesk-reports-restart-');
    cleanups.push(() => bed.close());
    const first = await bed.boot();
    const owner = await signIn(first.app, 'owner@spice-route.demo');
    const saved = await bed.call(first, REPORTS_API.saveDefinition, owner, {
      name: 'Weekly across a restart',
      spec: { metrics: ['ratings', 'complaints'], outletIds: [], period: { kind: 'last_days', days: 7 }, comparison: 'previous_period' },
      format: 'xlsx',
      schedule: { frequency: 'weekly' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().id as string;
    await first.close();

    const next = [await bed.boot()];
    if (bed.shared) next.push(await bed.boot());
    cleanups.push(async () => {
      for (const s of next) await s.close();
    });
    // While no server ran, its Monday 06:00 passed.
    await next[0]!.ctx.db.update(schema.reportDefinitions).set({ nextRunAt: new Date(Date.now() - 60_000) }).where(eq(schema.reportDefinitions.id, id));
    // The cron tick reaches every process's queue; pg-boss hands each job to one, and the rows are taken once.
    await Promise.all(next.map((s) => s.ctx.jobs.send(reportScheduleJob, { clientId: null })));
    for (const s of next) s.ctx.jobs.wake(reportScheduleJob);
    const until = Date.now() + 60_000;
    let runs: (typeof schema.reportRuns.$inferSelect)[] = [];
    while (Date.now() < until) {
      runs = await next[0]!.ctx.db.select().from(schema.reportRuns).where(eq(schema.reportRuns.definitionId, id));
      if (runs.length && runs.every((r) => r.mailedTo)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', scheduled: true, format: 'xlsx', mailedTo: 'owner@spice-route.demo' });
    // Still once after both queues settle.
    for (const s of next) await s.ctx.jobs.whenIdle(['reports.schedule', 'reports.generate'], 30_000);
    expect(await next[0]!.ctx.db.select().from(schema.reportRuns).where(eq(schema.reportRuns.definitionId, id))).toHaveLength(1);
    const [d] = await next[0]!.ctx.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.id, id));
    expect(d!.nextRunAt!.getUTCDay()).toBe(1);
    expect(d!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());

    const mails = bed.mails().filter((f) => readFileSync(f, 'utf8').includes('Weekly across a restart'));
    expect(mails).toHaveLength(1);
    const eml = readFileSync(mails[0]!, 'utf8');
    expect(eml).toContain('To: owner@spice-route.demo');
    expect(eml).toMatch(/filename="?Weekly-across-a-restart-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx/);
  }, 180_000);
});
