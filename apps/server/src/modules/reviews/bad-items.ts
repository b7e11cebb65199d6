import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';

/**
 * "One bad row never poisons a list or a loop": review lists, comment threads, the
 * review sync and the feed webhook skip (or repair) an item they cannot use and go on. Each such
 * item is logged once per process, not on every load of the list that holds it, so a permanent
 * bad row does not flood the log.
 *
 * The logger is attached per AppContext by the reviews routes plugin (`attachBadItemLog`), so
 * code without a request at hand (sync loop, webhooks) logs to the app's logger too.
 */

/** Distinct items remembered per process; past this the oldest are forgotten (and may log again). */
const REMEMBERED = 10_000;

interface Sink {
  log: FastifyBaseLogger | null;
  seen: Set<string>;
}
const sinks = new WeakMap<AppContext, Sink>();

function sinkOf(ctx: AppContext): Sink {
  let sink = sinks.get(ctx);
  if (!sink) {
    sink = { log: null, seen: new Set() };
    sinks.set(ctx, sink);
  }
  return sink;
}

/** Where bad items of this context are logged (the app's logger). */
export function attachBadItemLog(ctx: AppContext, log: FastifyBaseLogger): void {
  sinkOf(ctx).log = log;
}

/**
 * Logs a skipped or repaired item at `warn`, once per `(kind, id)` and process.
 * @param kind what the item is, e.g. `review_comment_row`, `graph_rating`, `feed_change`
 * @param id a stable id of the item (row id, Graph id, or a digest of the payload)
 * @param reason why it was skipped, e.g. the first schema issue
 * @returns true when this call logged (first time), false when it was already logged
 */
export function reportBadItem(ctx: AppContext, kind: string, id: string, reason: string, details: Record<string, unknown> = {}): boolean {
  const sink = sinkOf(ctx);
  const key = `${kind}:${id}`;
  if (sink.seen.has(key)) return false;
  if (sink.seen.size >= REMEMBERED) sink.seen.delete(sink.seen.values().next().value!);
  sink.seen.add(key);
  sink.log?.warn({ kind, id, reason, ...details }, `skipped a bad ${kind.replace(/_/g, ' ')}`);
  return true;
}
