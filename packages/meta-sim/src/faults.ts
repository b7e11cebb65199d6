/**
 * Read and answer faults: a test-controlled schedule of the ways Graph misbehaves: 500s, slow
 * answers, rate-limit refusals 4/17/32/613 with the usage headers Meta sends, and token death (190
 * with its subcodes). Where `write-faults.ts` makes POSTs hang until a test releases them, these
 * rules apply to any call, reads included, and answer on their own.
 *
 * A rule matches a Graph call by `path` (optional) and `method` (optional):
 * - `path` is an edge name (`ratings`, `conversations`, `comments`, `messages`) or a node id,
 *   matched against every path segment; a Page id also matches the Page's objects
 *   (`{page-id}_{post-id}`) and every call made with that Page's page token (its comments,
 *   replies and messages are addressed by ids that do not name the Page);
 * - no `path` matches every Graph call.
 * Rules are tried in order; the first that matches applies and counts one use against `times`
 * (absent: until cleared). Kinds:
 * - `http500`: HTTP 500 with Graph's envelope, code 1 ("An unknown error has occurred.") or 2
 *   ("An unexpected error has occurred. Please retry your request later."), `is_transient`;
 *   nothing is carried out.
 * - `slow`: the call is carried out at once and its answer sent `delayMs` later, so a write
 *   lands even when the client gave up waiting (the "may or may not have landed" case).
 * - `graph_error`: Graph's error for `code` with its real message and type: 1/2 as above;
 *   4, 17, 32, 80001, 613 (throttling, `is_transient`, HTTP 400) with the usage header of the
 *   bucket at 100 % (`X-App-Usage` for 4 and 17; `X-Business-Use-Case-Usage` with
 *   `estimated_time_to_regain_access` = `regainMinutes` for 32, 80001 and 613); 190 with `subcode`
 *   (458, 459, 460, 463, 464, 467: the message Meta sends for each), nothing carried out.
 *
 * Source: docs/requirements/platform-apis.md#facebook-login-and-tokens (190 subcodes),
 * docs/requirements/platform-apis.md#errors-to-simulate and "Headers", behaviours 1, 5 and 7.
 * Control API: `PUT /__sim/faults {rules}`, `GET`, `DELETE` (control.ts).
 */
import {
  GraphError,
  appRateLimit,
  conversationsRateLimit,
  invalidToken,
  pageBusinessUseCaseRateLimit,
  pageRateLimit,
  revokedToken,
  unexpectedError,
  unknownError,
  userRateLimit,
} from './errors.ts';

export const FAULT_KINDS = ['http500', 'slow', 'graph_error'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Graph error codes a `graph_error` rule may answer (`http500` takes 1 or 2). */
export const FAULT_CODES = [1, 2, 4, 17, 32, 613, 80001, 190] as const;
export type FaultCode = (typeof FAULT_CODES)[number];

/** 190 subcodes Meta documents for a dead token
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens). */
export const TOKEN_DEATH_SUBCODES = [458, 459, 460, 463, 464, 467] as const;

/** Longest `slow` delay, ms: longer than any client timeout worth testing, short enough to end. */
export const MAX_DELAY_MS = 120_000;

/** One rule of the schedule, as the control API takes it. */
export interface FaultRule {
  /** Edge name or node id (see the file comment); absent = every Graph call. */
  path?: string;
  method?: 'GET' | 'POST' | 'DELETE';
  kind: FaultKind;
  /** `graph_error`: the code to answer; `http500`: 1 (default) or 2. */
  code?: FaultCode;
  /** 190 only: 458, 459, 460, 463, 464 or 467; absent = "Cannot parse access token". */
  subcode?: number;
  /** `slow` only: ms between carrying the call out and answering (1..120000). */
  delayMs?: number;
  /** 32 and 613: `estimated_time_to_regain_access` in minutes (0..1440, default 1). */
  regainMinutes?: number;
  /** Matching calls it applies to before it removes itself (≥ 1); absent = until cleared. */
  times?: number;
}

/** A rule as `GET /__sim/faults` lists it: what it is and how often it applied. */
export interface ArmedFault extends FaultRule {
  /** Calls it has applied to so far. */
  hits: number;
}

/** What a matched rule makes of one call. */
export type FaultOutcome =
  | { kind: 'error'; error: GraphError; headers: Record<string, string> }
  | { kind: 'slow'; delayMs: number };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Checks one rule from the control API.
 * @throws Error naming the first bad field (HTTP 400 at the control API)
 */
export function checkRule(raw: unknown, index = 0): FaultRule {
  const at = `rules[${index}]`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${at} must be an object`);
  const r = raw as Record<string, unknown>;
  const known = new Set(['path', 'method', 'kind', 'code', 'subcode', 'delayMs', 'regainMinutes', 'times']);
  const unknown = Object.keys(r).find((k) => !known.has(k));
  if (unknown) throw new Error(`${at}.${unknown} is not a fault setting`);
  if (!FAULT_KINDS.includes(r.kind as FaultKind)) throw new Error(`${at}.kind must be one of ${FAULT_KINDS.join(', ')}`);
  const rule: FaultRule = { kind: r.kind as FaultKind };
  if (r.path !== undefined) {
    if (typeof r.path !== 'string' || !/^[\w.-]{1,200}$/.test(r.path)) throw new Error(`${at}.path must be an edge name or a node id`);
    rule.path = r.path;
  }
  if (r.method !== undefined) {
    if (r.method !== 'GET' && r.method !== 'POST' && r.method !== 'DELETE') throw new Error(`${at}.method must be GET, POST or DELETE`);
    rule.method = r.method;
  }
  if (r.times !== undefined) {
    if (!isInt(r.times) || r.times < 1) throw new Error(`${at}.times must be a positive integer`);
    rule.times = r.times;
  }
  if (r.code !== undefined) {
    if (!FAULT_CODES.includes(r.code as FaultCode)) throw new Error(`${at}.code must be one of ${FAULT_CODES.join(', ')}`);
    rule.code = r.code as FaultCode;
  }
  if (rule.kind === 'graph_error' && rule.code === undefined) throw new Error(`${at}.code is required for graph_error`);
  if (rule.kind === 'http500' && rule.code !== undefined && rule.code !== 1 && rule.code !== 2) throw new Error(`${at}.code of http500 must be 1 or 2`);
  if (rule.kind === 'slow' && rule.code !== undefined) throw new Error(`${at}.code does not apply to slow`);
  if (r.subcode !== undefined) {
    if (rule.code !== 190) throw new Error(`${at}.subcode applies to code 190 only`);
    if (!TOKEN_DEATH_SUBCODES.includes(r.subcode as (typeof TOKEN_DEATH_SUBCODES)[number])) throw new Error(`${at}.subcode must be one of ${TOKEN_DEATH_SUBCODES.join(', ')}`);
    rule.subcode = r.subcode as number;
  }
  if (r.delayMs !== undefined || rule.kind === 'slow') {
    if (rule.kind !== 'slow') throw new Error(`${at}.delayMs applies to slow only`);
    if (!isInt(r.delayMs) || r.delayMs < 1 || r.delayMs > MAX_DELAY_MS) throw new Error(`${at}.delayMs must be an integer from 1 to ${MAX_DELAY_MS}`);
    rule.delayMs = r.delayMs;
  }
  if (r.regainMinutes !== undefined) {
    if (rule.code !== 32 && rule.code !== 80001 && rule.code !== 613) throw new Error(`${at}.regainMinutes applies to codes 32, 80001 and 613`);
    if (!isInt(r.regainMinutes) || r.regainMinutes < 0 || r.regainMinutes > 1440) throw new Error(`${at}.regainMinutes must be an integer from 0 to 1440`);
    rule.regainMinutes = r.regainMinutes;
  }
  return rule;
}

/** What the schedule needs to know of a call to match it. */
export interface CallFacts {
  method: string;
  /** Graph path segments without the version, e.g. `['123', 'ratings']`. */
  segments: readonly string[];
  /** The Page whose page token made the call, if any. */
  tokenPageId: string | null;
}

function matches(rule: FaultRule, call: CallFacts): boolean {
  if (rule.method && rule.method !== call.method) return false;
  const p = rule.path;
  if (p === undefined) return true;
  return call.segments.includes(p) || (call.segments[0] ?? '').startsWith(`${p}_`) || call.tokenPageId === p;
}

/** The armed rules, their use counts, and the `slow` answers waiting. */
export class GraphFaults {
  private armed: { rule: FaultRule; hits: number }[] = [];
  private readonly waiting = new Set<() => void>();

  /** Waits `ms` for a `slow` answer; `wakeAll` (the simulator closing) ends it early. */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  /** Answers every `slow` call still waiting, now. @returns how many were waiting */
  wakeAll(): number {
    const n = this.waiting.size;
    for (const done of [...this.waiting]) done();
    return n;
  }

  /**
   * Replaces the schedule (an empty list disarms everything).
   * @throws Error naming the first bad rule; the schedule is then left as it was
   */
  set(rules: unknown): ArmedFault[] {
    if (!Array.isArray(rules)) throw new Error('rules must be a list');
    if (rules.length > 100) throw new Error('rules must have at most 100 entries');
    const checked = rules.map((r, i) => checkRule(r, i));
    this.armed = checked.map((rule) => ({ rule, hits: 0 }));
    return this.list();
  }

  /** The armed rules (copies, `times` = uses left), in the order they are tried. */
  list(): ArmedFault[] {
    return this.armed.map((a) => ({ ...a.rule, hits: a.hits }));
  }

  /** Disarms every rule. @returns how many were armed */
  clear(): number {
    const n = this.armed.length;
    this.armed = [];
    return n;
  }

  /**
   * The first rule matching this call, counted against its `times` (and removed once used up).
   * @returns a copy of the rule, or null when none matches
   */
  take(call: CallFacts): FaultRule | null {
    const i = this.armed.findIndex((a) => matches(a.rule, call));
    if (i < 0) return null;
    const a = this.armed[i]!;
    a.hits += 1;
    const taken = { ...a.rule };
    if (a.rule.times !== undefined) {
      a.rule.times -= 1;
      if (a.rule.times <= 0) this.armed.splice(i, 1);
    }
    return taken;
  }
}

/**
 * The answer a matched rule gives.
 * @param pageId the Page the call is about (its page token, else its first segment): keys the
 *   `X-Business-Use-Case-Usage` header of 32 and 613
 * @param app the app id (190/458 names it) and the clock (190/463 names the expiry)
 */
export function faultOutcome(rule: FaultRule, call: CallFacts, pageId: string | null, app: { id: string; now: Date }): FaultOutcome {
  if (rule.kind === 'slow') return { kind: 'slow', delayMs: rule.delayMs ?? 1 };
  const code = rule.code ?? 1;
  const headers: Record<string, string> = {};
  let error: GraphError;
  switch (code) {
    case 1:
      error = unknownError();
      break;
    case 2:
      error = unexpectedError();
      break;
    case 4:
    case 17:
      error = code === 4 ? appRateLimit() : userRateLimit();
      // App and user buckets report in X-App-Usage, which has no regain estimate
      // (docs/requirements/platform-apis.md#headers).
      headers['x-app-usage'] = JSON.stringify({ call_count: 100, total_cputime: 100, total_time: 100 });
      break;
    case 32:
    case 80001:
    case 613: {
      error = code === 32 ? pageRateLimit() : code === 80001 ? pageBusinessUseCaseRateLimit() : conversationsRateLimit();
      const messaging = call.segments.includes('conversations') || call.segments.includes('messages');
      const key = pageId ?? call.segments[0] ?? 'unknown';
      headers['x-business-use-case-usage'] = JSON.stringify({
        [key]: [
          {
            type: code === 613 && messaging ? 'messenger' : 'pages',
            call_count: 100,
            total_cputime: 100,
            total_time: 100,
            estimated_time_to_regain_access: rule.regainMinutes ?? 1,
          },
        ],
      });
      break;
    }
    case 190:
      error = rule.subcode === undefined ? invalidToken() : revokedToken(rule.subcode, app.id, app.now, app.now);
      break;
  }
  return { kind: 'error', error, headers };
}
