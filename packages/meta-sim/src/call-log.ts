/**
 * A log of the Graph calls the simulator answered, so a test can count what a client did while
 * Graph misbehaved ("Graph calls during a rate-limit window stay bounded", "190 stops
 * calls to that page"), counted where Meta would count them. Control API: `GET /__sim/calls
 * ?pageId=&since=` and `DELETE /__sim/calls` (control.ts). Control routes (`/__sim`) are not
 * Graph calls and are not logged.
 */

/** One Graph call. */
export interface GraphCall {
  /** When it arrived, ISO 8601 UTC (the simulator clock). */
  at: string;
  method: string;
  /** Path without the version and query, e.g. `123/ratings`. */
  path: string;
  /** The Page the call is about: its page token's Page, else a Page id in its first segment. */
  pageId: string | null;
  /** HTTP status answered; null while the answer is still pending (a held write, a slow answer). */
  status: number | null;
  /** Graph error code answered, if any. */
  code: number | null;
}

/** Most calls kept; older ones are dropped (counts by page stay exact). */
export const CALL_LOG_LIMIT = 20_000;

/** The log: the newest `CALL_LOG_LIMIT` calls, and a total per Page since the last clear. */
export class GraphCallLog {
  private entries: GraphCall[] = [];
  private readonly perPage = new Map<string, number>();
  private total = 0;

  /** Records a call as it arrives; the caller fills `status` and `code` once answered. */
  record(call: Omit<GraphCall, 'status' | 'code'>): GraphCall {
    const entry: GraphCall = { ...call, status: null, code: null };
    this.entries.push(entry);
    if (this.entries.length > CALL_LOG_LIMIT) this.entries.splice(0, this.entries.length - CALL_LOG_LIMIT);
    this.total += 1;
    if (call.pageId) this.perPage.set(call.pageId, (this.perPage.get(call.pageId) ?? 0) + 1);
    return entry;
  }

  /**
   * Calls since the last clear, optionally of one Page and from a time on.
   * @param filter.since ISO time or epoch ms: only calls that arrived at or after it
   * @returns `count` of the matching calls kept, `byPage` totals (exact, all calls since the last
   *   clear), and the newest 1,000 matching calls
   */
  query(filter: { pageId?: string; since?: number } = {}): { total: number; count: number; byPage: Record<string, number>; calls: GraphCall[] } {
    const hits = this.entries.filter((c) => (filter.pageId === undefined || c.pageId === filter.pageId) && (filter.since === undefined || Date.parse(c.at) >= filter.since));
    return { total: this.total, count: hits.length, byPage: Object.fromEntries(this.perPage), calls: hits.slice(-1000).map((c) => ({ ...c })) };
  }

  /** Forgets every call. @returns how many had been logged */
  clear(): number {
    const n = this.total;
    this.entries = [];
    this.perPage.clear();
    this.total = 0;
    return n;
  }
}
