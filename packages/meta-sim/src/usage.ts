/**
 * Call budgets and the usage headers (docs/requirements/platform-apis.md#headers, behaviour 5),
 * as Meta's "Rate Limits" page describes them
 * (https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
 *
 * - Platform rate limits, for app and user tokens: each bucket (the app token, or one user) may
 *   make `callsPerHour` calls in a rolling one-hour window (`X-App-Usage`; 4 and 17 when used up).
 * - The Pages business use case, for page tokens: each Page may make `4800 × engaged users`
 *   calls in a rolling 24-hour window (`X-Business-Use-Case-Usage`, type `pages`; 32 or 80001
 *   when used up). Meta counts the Page's engaged users; the simulator takes one number,
 *   `pageCallsPer24h`, large by default so suites never meet it.
 *
 * Usage is reported as a percentage of the budget; once a bucket has used 100 %, further calls
 * are refused until its oldest call leaves the window. CPU and wall time are not measured:
 * `total_cputime`/`total_time` mirror `call_count`.
 */

const HOUR_MS = 3_600_000;
/** The Pages business use case counts calls over a rolling day. */
export const PAGE_WINDOW_MS = 24 * HOUR_MS;
/** Meta's Pages formula: calls within 24 hours = 4800 × the Page's engaged users. */
export const PAGE_CALLS_PER_ENGAGED_USER = 4800;

/** Result of counting one call. */
export interface UsageSample {
  /** Percentage of the budget used, 0..100, including this call when it was admitted. */
  percent: number;
  /** True when the budget was already used up: the call must be refused. */
  throttled: boolean;
  /** Whole minutes until a call is admitted again (0 when not throttled). */
  regainMinutes: number;
}

/** Rolling-window call counter per bucket. */
export class UsageMeter {
  private readonly calls = new Map<string, number[]>();

  /**
   * @param callsPerHour budget per bucket (Meta scales this with engaged users; one number here)
   * @param now the simulator clock
   */
  /**
   * @param callsPerHour budget per app or user bucket (Meta: 200 × the app's users; one number here)
   * @param now the simulator clock
   * @param pageCallsPer24h budget per Page, rolling 24 hours (Meta: 4800 × engaged users)
   */
  constructor(
    private callsPerHour: number,
    private readonly now: () => Date,
    private pageCallsPer24h: number = 100 * PAGE_CALLS_PER_ENGAGED_USER,
  ) {}

  /** Changes the hourly budget (control API); already counted calls stay in the window. */
  setBudget(callsPerHour: number): void {
    this.callsPerHour = callsPerHour;
  }

  /** Changes the per-Page 24-hour budget (control API); already counted calls stay in the window. */
  setPageBudget(callsPer24h: number): void {
    this.pageCallsPer24h = callsPer24h;
  }

  /** The per-Page budget, calls per rolling 24 hours. */
  get pageBudget(): number {
    return this.pageCallsPer24h;
  }

  /** Counts one call for an app or user `bucket` (rolling hour), unless its budget is used up. */
  hit(bucket: string): UsageSample {
    return this.count(bucket, this.callsPerHour, HOUR_MS);
  }

  /** Counts one page-token call for the Page (rolling 24 hours), unless its budget is used up. */
  hitPage(pageId: string): UsageSample {
    return this.count(`page:${pageId}`, this.pageCallsPer24h, PAGE_WINDOW_MS);
  }

  private count(bucket: string, budget: number, windowMs: number): UsageSample {
    const now = this.now().getTime();
    const list = this.calls.get(bucket) ?? [];
    let drop = 0;
    while (drop < list.length && list[drop]! <= now - windowMs) drop++;
    if (drop) list.splice(0, drop);
    this.calls.set(bucket, list);
    if (list.length >= budget) {
      // The call that frees a place is the oldest one still counted: it leaves the window first.
      const oldest = list[list.length - budget] ?? now;
      return { percent: 100, throttled: true, regainMinutes: Math.max(1, Math.ceil((oldest + windowMs - now) / 60_000)) };
    }
    list.push(now);
    return { percent: Math.min(100, Math.floor((list.length * 100) / budget)), throttled: false, regainMinutes: 0 };
  }
}

/** `X-App-Usage` value for user and app tokens. */
export function appUsageHeader(s: UsageSample): string {
  return JSON.stringify({ call_count: s.percent, total_cputime: s.percent, total_time: s.percent });
}

/** `X-Business-Use-Case-Usage` value for page tokens, keyed by Page id. */
export function businessUseCaseHeader(pageId: string, s: UsageSample): string {
  return JSON.stringify({
    [pageId]: [
      {
        type: 'pages',
        call_count: s.percent,
        total_cputime: s.percent,
        total_time: s.percent,
        estimated_time_to_regain_access: s.regainMinutes,
      },
    ],
  });
}

/** Result of counting one call against a per-second limit. */
export interface RateSample {
  /** Percentage of the per-second allowance used, 0..100. */
  percent: number;
  throttled: boolean;
}

/**
 * Calls per second per key in a sliding one-second window: the Conversations API's
 * "2 calls/s per Page or IG account" (docs/requirements/platform-apis.md#rate-limits, behaviour 5).
 * A null limit disables it (tests, demos).
 */
export class PerSecondLimiter {
  private readonly calls = new Map<string, number[]>();

  /**
   * @param limit calls allowed per second per key; null = unlimited
   * @param now the simulator clock
   */
  constructor(
    private limit: number | null,
    private readonly now: () => Date,
  ) {}

  /** The current limit (calls per second per key), null when off. */
  get perSecond(): number | null {
    return this.limit;
  }

  /** Changes the limit; null turns it off. Already counted calls stay in the window. */
  set(limit: number | null): void {
    this.limit = limit;
  }

  /** Counts one call for `key`, unless `limit` calls already happened in the last second. */
  hit(key: string): RateSample {
    if (this.limit === null) return { percent: 0, throttled: false };
    const now = this.now().getTime();
    const list = (this.calls.get(key) ?? []).filter((t) => t > now - 1000);
    this.calls.set(key, list);
    if (list.length >= this.limit) return { percent: 100, throttled: true };
    list.push(now);
    return { percent: Math.min(100, Math.floor((list.length * 100) / this.limit)), throttled: false };
  }
}
