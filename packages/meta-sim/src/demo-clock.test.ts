import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEEK_MS, reviewShiftWeeks } from '@dinedesk/demo-data';
import { describe, expect, it } from 'vitest';
import { seedData, startSim, type TestSim } from './testing.ts';

/** The demo's clock (demo-clock.ts, docs/decisions/0006): the seeded times as the server's seed moved them. */
const START = '2026-12-02T06:44:25.000Z';
const WEEKS = reviewShiftWeeks(seedData().data, new Date(START));

/** `created_time` of the first Page's ratings (the first 100), as Graph answers them. */
async function ratingTimes(t: TestSim): Promise<{ pageId: string; times: string[] }> {
  const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
  const r = await t.get(`/v21.0/${pageId}/ratings?fields=created_time&limit=100`, token);
  return { pageId, times: (r.body.data as { created_time: string }[]).map((x) => x.created_time) };
}
const ms = (graphTime: string) => Date.parse(graphTime.replace(/\+0000$/, 'Z'));

describe('demo clock', () => {
  it('serves the seeded Facebook, Google and Places times moved by whole weeks once told the start, and keeps them across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'meta-sim-clock-')), 'state.json');
    const a = await startSim({ stateFile });
    expect((await a.get('/__sim/demo-clock')).body).toEqual({ clock: null });
    const before = await ratingTimes(a);
    const google = [...a.sim.google.world.locations.values()].find((l) => l.reviews.length)!;
    const googleBefore = google.reviews.map((r) => r.createTime.getTime());
    const place = [...a.sim.places.world.places.values()].find((p) => p.reviews.length)!;
    const placeBefore = place.reviews.map((r) => r.publishTime.getTime());

    const set = await a.postJson('/__sim/demo-clock', { startedAt: START });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ clock: { startedAt: START, reviewsWeeks: WEEKS } });
    expect(WEEKS).toBeGreaterThan(300);

    const after = await ratingTimes(a);
    expect(after.times).toHaveLength(before.times.length);
    expect(after.times.length).toBeGreaterThan(0);
    after.times.forEach((t, i) => expect(ms(t) - ms(before.times[i]!)).toBe(WEEKS * WEEK_MS));
    expect(google.reviews.map((r) => r.createTime.getTime() - r.originalTime!.getTime())).toEqual(googleBefore.map(() => WEEKS * WEEK_MS));
    expect(google.reviews.every((r) => r.updateTime.getTime() === r.createTime.getTime())).toBe(true);
    expect(place.reviews.map((r) => r.publishTime.getTime())).toEqual(placeBefore.map((t) => t + WEEKS * WEEK_MS));
    // No seeded time is after the start.
    expect(Math.max(...[...a.sim.google.world.locations.values()].flatMap((l) => l.reviews.map((r) => r.createTime.getTime())))).toBeLessThanOrEqual(Date.parse(START));
    // The dialogues are anchored to the start.
    expect(a.sim.inbox().seeded.anchor).toBe(START);
    // The business had answered every Google review older than 12 weeks and about 60 % of the newer ones, 2–72 hours after each.
    const world = a.sim.google.world;
    const named = [...world.locations.values()].flatMap((l) => l.reviews.map((r) => ({ r, name: `${l.accountName}/${l.name}/reviews/${r.reviewId}` })));
    const replied = named.filter(({ name }) => world.reply(name));
    const recent = named.filter(({ r }) => r.createTime.getTime() >= Date.parse(START) - 12 * WEEK_MS);
    expect(named.filter((n) => !recent.includes(n)).every(({ name }) => world.reply(name))).toBe(true);
    const recentReplied = recent.filter(({ name }) => world.reply(name)).length / recent.length;
    expect(recentReplied).toBeGreaterThan(0.45);
    expect(recentReplied).toBeLessThan(0.75);
    for (const { r, name } of replied) {
      const after = Date.parse(world.reply(name)!.updateTime) - r.createTime.getTime();
      expect(after).toBeGreaterThanOrEqual(2 * 3_600_000);
      expect(after).toBeLessThanOrEqual(72 * 3_600_000);
      expect(Date.parse(world.reply(name)!.updateTime)).toBeLessThanOrEqual(Date.parse(START));
    }
    const gone = replied[0]!.name;
    expect(world.deleteReply(gone)).toBe(true);
    expect(world.reply(gone)).toBeUndefined();
    await a.sim.close();

    // A restart (next week) moves nothing again: the clock is in the state file.
    const b = await startSim({ stateFile, now: () => new Date(Date.parse(START) + WEEK_MS) });
    expect(b.sim.demoClock()).toEqual({ startedAt: START, reviewsWeeks: WEEKS });
    expect((await ratingTimes(b)).times).toEqual(after.times);
    expect(b.sim.inbox().seeded.anchor).toBe(START);
    expect(b.sim.google.world.reply(gone)).toBeUndefined();
    expect(b.sim.google.world.demoReplies.size).toBe(replied.length);
    // The same start again changes nothing.
    expect((await b.postJson('/__sim/demo-clock', { startedAt: START })).body).toEqual({ clock: { startedAt: START, reviewsWeeks: WEEKS } });
    expect((await ratingTimes(b)).times).toEqual(after.times);
    await b.sim.close();
  }, 120_000);

  it('refuses a start that is not an ISO time', async () => {
    const t = await startSim();
    for (const startedAt of [undefined, 'yesterday', '2026-13-40T00:00:00Z', 1764657865000]) {
      const r = await t.postJson('/__sim/demo-clock', { startedAt });
      expect(r.status, String(startedAt)).toBe(400);
      expect(String(r.body.error)).toMatch(/^startedAt: /);
    }
    expect(t.sim.demoClock()).toBeNull();
    await t.sim.close();
  });
});
