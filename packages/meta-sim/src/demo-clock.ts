/**
 * The demo's clock on the simulator's side (docs/decisions/0006 "The demo's clock"). The seed's
 * reviews are of 2017–19; DineDesk's demo seed moves them forward by whole weeks so the newest
 * lands in the week ending on the demo's start day. The server decides the start (its clock at
 * the first seed) and tells the simulator through `POST /__sim/demo-clock {startedAt}`, a
 * simulator-only route: Meta and Google have no such thing, and a real connected source is
 * never moved. The simulator computes the weeks from its own copy of the same data
 * (`reviewShiftWeeks`, @dinedesk/demo-data), keeps `{startedAt, reviewsWeeks}` in its state file,
 * and applies it again on every start, so a restart next week moves nothing.
 *
 * With the clock, the seeded Google reviews also carry the replies the business wrote before the
 * start (`demoReplies`, SYNTHETIC), so Reviews' response rate and response time are figures.
 *
 * What moves: every seeded Facebook rating (`created_time`), Google review (`createTime`,
 * `updateTime`) and Places review (`publishTime`), by the same weeks; the dialogues' anchor
 * (inbox.ts) becomes `startedAt` while nothing time-bound was added. Ratings and reviews added
 * while running are at their own (real) time and never move.
 */
import { createHash } from 'node:crypto';
import { type DemoClock, reviewShiftWeeks, shiftByWeeks } from '@dinedesk/demo-data';
import type { GoogleWorld } from './google/world.ts';
import type { Inbox } from './inbox.ts';
import type { PlacesWorld } from './places/world.ts';
import type { Seed } from './seed.ts';
import type { StateStore } from './state.ts';

/** Thrown for a bad `startedAt`: the control route answers 400 with the message. */
export class DemoClockInputError extends Error {}

/** The worlds whose seeded times the clock moves. */
export interface ClockedWorlds {
  seed: Seed;
  google: GoogleWorld;
  places: PlacesWorld;
  inbox: Inbox;
  store: StateStore;
}

/** Share of the recent seeded Google reviews the demo business had answered before the start, percent. */
export const DEMO_REPLY_PERCENT = 60;
/** Reviews older than this at the start were all answered: the business has worked off its backlog. */
export const DEMO_REPLY_BACKLOG_WEEKS = 12;
const HOUR_MS = 3_600_000;

/** The demo business's reply to a review of `stars` by `reviewer` (SYNTHETIC, short and plain). */
function demoReplyText(stars: string, reviewer: string): string {
  const first = reviewer.trim().split(/\s+/)[0] || 'there';
  if (stars === 'FOUR' || stars === 'FIVE') return `Thank you, ${first}! We are glad you enjoyed your meal, and we look forward to welcoming you again.`;
  if (stars === 'ONE' || stars === 'TWO') return `Dear ${first}, we are sorry your visit was not what it should be. We have shared your words with the team and would like to make it right next time.`;
  return `Thank you for your honest review, ${first}. We have passed it on to the team.`;
}

/**
 * The replies the demo business wrote before the start (SYNTHETIC: the review data has none; without
 * them Reviews' response rate reads 0 % and its median response time "—" on a fresh start): every
 * seeded Google review older than {@link DEMO_REPLY_BACKLOG_WEEKS} weeks at the start, and of the
 * newer ones {@link DEMO_REPLY_PERCENT} % chosen by hash of the review id; each answered 2 to 72
 * hours after it was written, never after the start. Facebook ratings get none: their comments are
 * read on demand, not by the sync.
 */
function demoReplies(w: ClockedWorlds, startedAtMs: number): void {
  w.google.demoReplies.clear();
  for (const loc of w.google.locations.values()) {
    for (const r of loc.reviews) {
      if (!r.originalTime) continue;
      const h = createHash('sha1').update(`demo-reply:${r.key}`).digest();
      const backlog = r.createTime.getTime() < startedAtMs - DEMO_REPLY_BACKLOG_WEEKS * 7 * 24 * HOUR_MS;
      if (!backlog && h[0]! % 100 >= DEMO_REPLY_PERCENT) continue;
      const at = r.createTime.getTime() + (2 + (h.readUInt16BE(1) % 71)) * HOUR_MS;
      if (at > startedAtMs) continue;
      w.google.demoReplies.set(`${loc.accountName}/${loc.name}/reviews/${r.reviewId}`, { comment: demoReplyText(r.starRating, r.reviewer.displayName), updateTime: new Date(at).toISOString().replace(/\.\d{3}Z$/, '.000Z') });
    }
  }
}

/** Sets every seeded time to its real time plus `weeks`; lists stay newest first. */
function applyWeeks(w: ClockedWorlds, weeks: number): void {
  for (const page of w.seed.pages.values()) {
    for (const r of page.ratings) if (r.originalCreatedAt) r.createdAt = shiftByWeeks(r.originalCreatedAt, weeks);
    page.ratings.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.key.localeCompare(b.key));
  }
  for (const loc of w.google.locations.values()) {
    for (const r of loc.reviews) {
      if (!r.originalTime) continue;
      r.createTime = shiftByWeeks(r.originalTime, weeks);
      r.updateTime = r.createTime;
    }
    loc.reviews.sort((a, b) => b.updateTime.getTime() - a.updateTime.getTime() || a.reviewId.localeCompare(b.reviewId));
  }
  for (const place of w.places.places.values()) {
    for (const r of place.reviews) r.publishTime = shiftByWeeks(r.originalPublishTime, weeks);
    place.reviews.sort((a, b) => b.publishTime.getTime() - a.publishTime.getTime() || a.name.localeCompare(b.name));
  }
}

/** The clock kept in the state file, applied to the worlds (at start); null when none was set. */
export function restoreDemoClock(w: ClockedWorlds): DemoClock | null {
  const clock = w.store.state.demoClock ?? null;
  if (clock) {
    applyWeeks(w, clock.reviewsWeeks);
    demoReplies(w, Date.parse(clock.startedAt));
    w.inbox.anchorTo(Date.parse(clock.startedAt));
  }
  return clock;
}

/**
 * Sets the demo's start: computes the reviews' weeks from the seed's reviews (both sources), moves
 * every seeded time, re-anchors the dialogues and persists. Setting the same start again changes
 * nothing (the server sends its stored start on every start).
 * @param startedAt ISO 8601 instant
 * @throws DemoClockInputError when `startedAt` is not an ISO 8601 instant
 */
export function setDemoClock(w: ClockedWorlds, startedAt: unknown): DemoClock {
  if (typeof startedAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(startedAt) || !Number.isFinite(Date.parse(startedAt))) {
    throw new DemoClockInputError('startedAt: expected an ISO 8601 time such as 2026-12-02T07:00:00.000Z');
  }
  const at = new Date(startedAt);
  const current = w.store.state.demoClock;
  if (current && Date.parse(current.startedAt) === at.getTime()) return current;
  const reviews = [...w.seed.restaurants.values()].flatMap((r) => r.reviews);
  const clock: DemoClock = { startedAt: at.toISOString(), reviewsWeeks: reviewShiftWeeks({ reviews }, at) };
  applyWeeks(w, clock.reviewsWeeks);
  demoReplies(w, at.getTime());
  w.inbox.anchorTo(at.getTime());
  w.store.state.demoClock = clock;
  w.store.save();
  return clock;
}
