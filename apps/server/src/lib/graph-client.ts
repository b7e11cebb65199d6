/**
 * HTTP client of the Meta Graph API. The same code talks to graph.facebook.com and to the local
 * simulator (packages/meta-sim): only `baseUrl` differs. Follows
 * docs/requirements/platform-apis.md: versioned paths, tokens in the Authorization header, cursor
 * paging through `paging.next`, and errors branched on the envelope's `code`/`error_subcode`, never
 * on the HTTP status.
 */
import { createHmac } from 'node:crypto';

/**
 * What Graph's usage headers said on an answer (docs/requirements/platform-apis.md#headers; Graph
 * API "Rate Limits", https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
 * `X-App-Usage` and the older `X-Page-Usage` `{call_count,total_cputime,total_time}` (percentages),
 * and `X-Business-Use-Case-Usage` `{"<id>":[{type,call_count,total_cputime,total_time,
 * estimated_time_to_regain_access}]}` (minutes).
 */
export interface GraphUsage {
  /** Highest percentage any bucket reported (0..100+), null without a usage header. */
  percent: number | null;
  /** Longest `estimated_time_to_regain_access` reported, in seconds; null when none above 0. */
  regainSeconds: number | null;
  /**
   * Whose bucket reported `percent`: `page` (X-Business-Use-Case-Usage or X-Page-Usage: a Page's
   * budget) or `app` (X-App-Usage: the app's or the user's). Absent without a usage header.
   */
  bucket?: 'page' | 'app';
}

/**
 * Reads the usage headers of a Graph answer; unreadable headers count as absent (never throws).
 * @param opts.bucTypes only these `type`s of X-Business-Use-Case-Usage entries count (default all)
 */
export function readUsage(headers: Headers, opts: { bucTypes?: readonly string[] } = {}): GraphUsage {
  let percent: number | null = null;
  let bucketOf: GraphUsage['bucket'];
  let regainMinutes = 0;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const take = (bucket: Record<string, unknown>, kind: 'page' | 'app') => {
    for (const key of ['call_count', 'total_cputime', 'total_time']) {
      const v = num(bucket[key]);
      if (v !== null && (percent === null || v > percent || (v === percent && kind === 'page'))) {
        percent = v;
        bucketOf = kind;
      }
    }
    regainMinutes = Math.max(regainMinutes, num(bucket.estimated_time_to_regain_access) ?? 0);
  };
  const parse = (name: string): unknown => {
    const raw = headers.get(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  };
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const app = parse('x-app-usage');
  if (isObject(app)) take(app, 'app');
  const page = parse('x-page-usage');
  if (isObject(page)) take(page, 'page');
  const buc = parse('x-business-use-case-usage');
  if (isObject(buc)) {
    for (const list of Object.values(buc)) {
      for (const bucket of Array.isArray(list) ? list : []) {
        if (isObject(bucket) && (!opts.bucTypes || opts.bucTypes.includes(String(bucket.type)))) take(bucket, 'page');
      }
    }
  }
  const usage: GraphUsage = { percent, regainSeconds: regainMinutes > 0 ? Math.min(regainMinutes, 24 * 60) * 60 : null };
  if (bucketOf) usage.bucket = bucketOf;
  return usage;
}

/** Graph error envelope `{error:{message,type,code,error_subcode,fbtrace_id}}` as an Error. */
export class GraphError extends Error {
  /** The usage headers of the answer that carried this error (rate limits: how long to wait). */
  readonly usage: GraphUsage;
  /** The answer's `facebook-api-version` header: the version Graph ran the call on; null when absent. */
  servedVersion: string | null = null;

  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: number,
    readonly subcode: number | null,
    readonly type: string,
    readonly fbtraceId: string | null,
    usage: GraphUsage = { percent: null, regainSeconds: null },
  ) {
    super(message);
    this.name = 'GraphError';
    this.usage = usage;
  }
  /** Codes Meta documents as transient or throttling
   * (docs/requirements/platform-apis.md#errors-to-simulate). */
  get isTransient(): boolean {
    return (
      [1, 2, 4, 17, 32, 613].includes(this.code) ||
      (this.code >= 80001 && this.code <= 80014) ||
      this.httpStatus >= 500 ||
      this.httpStatus === 0
    );
  }
  /** Throttling: Graph refused the call without acting on it
   * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging). */
  get isRateLimit(): boolean {
    return [4, 17, 32, 613].includes(this.code) || (this.code >= 80001 && this.code <= 80014);
  }
  /**
   * Worth retrying within the same call, a fraction of a second later: codes 1/2, 5xx, the
   * network, and a per-second throttle (613) that gave no regain estimate. Hourly budgets (4, 17,
   * 32, 8000x) and any throttle with `estimated_time_to_regain_access` are not: Meta's advice is
   * to stop calling until the window passes, which the sync jobs do.
   */
  get retriesSoon(): boolean {
    if (!this.isTransient) return false;
    if (!this.isRateLimit) return true;
    return this.code === 613 && this.usage.regainSeconds === null;
  }
  /** 190: the token is invalid, expired or revoked; the page must be reconnected. */
  get isTokenError(): boolean {
    return this.code === 190;
  }
  /** 12: the edge is deprecated for this API version (Page ratings on v22.0+, Graph API Recommendation reference). */
  get isDeprecated(): boolean {
    return this.code === 12;
  }
}

/**
 * The Graph API did not answer within `timeoutMs` (or the connection broke after the request
 * was sent). Unlike a refusal, Graph may have carried the request out: a POST that ends like
 * this may or may not have landed, so callers read back before saying it failed ("Writes to
 * Facebook that may or may not have landed", docs/decisions/0014-writes-to-meta.md). A subclass of
 * GraphError (code -1, type `TimeoutError`), so code that branches on GraphError keeps working.
 */
export class GraphTimeoutError extends GraphError {
  /** @param timeoutMs the client timeout that elapsed, ms; null when the connection broke */
  constructor(
    message: string,
    readonly timeoutMs: number | null,
  ) {
    super(message, 0, -1, null, 'TimeoutError', null);
    this.name = 'GraphTimeoutError';
  }
}

/**
 * A call DineDesk did not send because Graph's usage headers said the token's bucket was nearly
 * used up (`usageBackoffPercent`, default 90 %) or gave a time to regain access: backing off
 * before 100 % keeps the budget for what matters and avoids Meta's throttling, which Meta
 * counts against the app (Graph API "Rate Limits", best practices).
 * Its `code` is the one Graph would answer once the bucket is used up (32 for a Page's budget,
 * 4 for the app token, 17 for a user token), so everything that handles a throttle (the sync
 * jobs' pause, the 503 of a write) handles it the same; `usage.regainSeconds` is what is left
 * of the hold. Nothing reached Graph.
 */
export class GraphUsageHold extends GraphError {
  /**
   * @param heldPercent the usage percentage that started the hold
   * @param until when calls with this token are sent again
   */
  constructor(
    code: number,
    readonly heldPercent: number,
    readonly until: Date,
    remainingSeconds: number,
    bucket: 'page' | 'app',
  ) {
    super(
      `DineDesk held this call: Facebook reported ${heldPercent} % of the ${bucket === 'page' ? 'page’s' : 'app’s'} rate limit used; it calls again after ${until.toISOString()}`,
      0,
      code,
      null,
      'UsageHold',
      null,
      { percent: heldPercent, regainSeconds: Math.max(1, Math.ceil(remainingSeconds)), bucket },
    );
    this.name = 'GraphUsageHold';
  }
}

/**
 * Whether a failed write may still have been carried out by Graph: a timeout, a connection
 * that broke after the request was sent, or an HTTP 5xx answer (Meta's "unknown error" codes
 * 1 and 2 arrive as 500). A refusal with a Graph error envelope and a 4xx status, or a
 * connection that could not even be opened, means nothing was written.
 */
export function writeOutcomeUnknown(e: unknown): boolean {
  if (e instanceof GraphTimeoutError) return true;
  return e instanceof GraphError && e.httpStatus >= 500;
}

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

export interface GraphClientOptions {
  baseUrl: string;
  /** e.g. `v21.0` (`META_GRAPH_VERSION`). */
  version: string;
  /**
   * Called when an answer's `facebook-api-version` header names another version than `version`
   * (Meta ran the call on a newer one because the configured one is retired): the app logs it.
   */
  onServedVersion?: (served: string) => void;
  appId: string;
  appSecret: string;
  /** Retries of GETs that failed transiently (codes 1, 2, 5xx, network, 613 without a window: `retriesSoon`). */
  maxRetries?: number;
  /** Backoff base in ms: attempt n waits base * 2^n plus jitter. */
  backoffMs?: number;
  /**
   * Usage percentage (any of call_count, total_cputime, total_time in X-App-Usage, X-Page-Usage
   * or the `pages` entries of X-Business-Use-Case-Usage) from which further calls with that token are held
   * (`GraphUsageHold`) instead of sent: `META_USAGE_BACKOFF_PERCENT`, default 90.
   */
  usageBackoffPercent?: number;
  /**
   * How long a hold lasts when Graph gave no `estimated_time_to_regain_access`, seconds
   * (default 60; the server passes `META_RATE_LIMIT_MIN_WAIT_SECONDS`). With an estimate, the
   * estimate (bounded by a day).
   */
  usagePauseSeconds?: number;
  /** Clock of the holds. Default the system clock (holds measure real time, as Meta's windows do). */
  now?: () => Date;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Host of the Facebook Login dialog: `https://www.facebook.com` for the real Graph host, the
   * simulator's own URL locally (it serves both). Default: `baseUrl`.
   */
  dialogBaseUrl?: string;
}

/** Answer of `oauth/access_token` (docs/requirements/platform-apis.md#facebook-login-and-tokens).
 * `expires_in` in seconds. */
export interface OAuthToken {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

/** `data` of `debug_token` (docs/requirements/platform-apis.md#facebook-login-and-tokens). Times in
 * epoch seconds; `expires_at` 0 = never. */
export interface DebugTokenData {
  app_id?: string;
  type?: string;
  is_valid: boolean;
  issued_at?: number;
  expires_at?: number;
  data_access_expires_at?: number;
  scopes?: string[];
  user_id?: string;
  error?: { code?: number; message?: string; subcode?: number };
}

type Params = Record<string, string | number | boolean | undefined>;

/**
 * Filled in by a call when passed: what Graph said about the answer. `servedVersion` is the
 * `facebook-api-version` header, the version the call actually ran on (Meta runs calls to a
 * retired version on the next one it serves, Graph API "Platform Versioning"); null when absent.
 */
export interface GraphAnswer {
  servedVersion: string | null;
}

/** The major number of a version label (`v21.0` → 21); NaN when it is not one. */
export function graphMajor(version: string): number {
  const m = /^v(\d+)\.\d+$/.exec(version);
  return m ? Number(m[1]) : Number.NaN;
}

export class GraphClient {
  private readonly fetchImpl: typeof fetch;
  constructor(readonly options: GraphClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** App access token `{app-id}|{app-secret}` (Graph API app tokens). Never sent to browsers. */
  get appToken(): string {
    return `${this.options.appId}|${this.options.appSecret}`;
  }

  /**
   * `GET /{version}/{path}`.
   * @throws GraphError on a Graph error envelope (after retries for transient codes), or with
   *   code -1 when the host cannot be reached or answers something that is not Graph JSON.
   */
  get<T>(path: string, params: Params, token: string, answer?: GraphAnswer): Promise<T> {
    return this.request<T>('GET', this.url(path, params), token, undefined, undefined, answer);
  }

  /** `POST /{version}/{path}` with a form-encoded body, as the Graph SDKs send. */
  post<T>(path: string, body: Params, token: string): Promise<T> {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) if (v !== undefined) form.set(k, String(v));
    return this.request<T>('POST', this.url(path, {}), token, form);
  }

  /**
   * `POST /{version}/{path}` with a JSON body (the Send API's documented form). A per-second
   * throttle (613 without a regain estimate, see `retriesSoon`) is retried: Graph answered it
   * without acting, so a retry cannot deliver twice. Timeouts, 5xx and hourly limits are not.
   */
  postJson<T>(path: string, body: unknown, token: string): Promise<T> {
    return this.request<T>('POST', this.url(path, {}), token, JSON.stringify(body), (e) => e.isRateLimit && e.retriesSoon);
  }

  /** `DELETE /{version}/{path}`. */
  delete<T>(path: string, params: Params, token: string): Promise<T> {
    return this.request<T>('DELETE', this.url(path, params), token);
  }

  /**
   * Iterates the pages of an edge by following `paging.next` until it is absent (the Graph
   * signal for the last page; a short page with `next` still present is not the end).
   * @param maxPages guard against a misbehaving server looping forever
   * @param answer filled in from each page's answer (the last one wins)
   */
  async *paginate<T>(path: string, params: Params, token: string, maxPages = 100, answer?: GraphAnswer): AsyncGenerator<T[]> {
    let url: string | undefined = this.url(path, params);
    for (let i = 0; url && i < maxPages; i++) {
      const page: GraphPage<T> = await this.request<GraphPage<T>>('GET', url, token, undefined, undefined, answer);
      yield page.data ?? [];
      url = page.paging?.next ? this.sameHost(page.paging.next) : undefined;
    }
  }

  /**
   * The Facebook Login dialog URL (docs/requirements/platform-apis.md#facebook-login-and-tokens,
   * manual flow):
   * `{dialogBaseUrl}/{version}/dialog/oauth?client_id&redirect_uri&state&scope&response_type=code
   * &code_challenge&code_challenge_method=S256` (PKCE, lib/pkce.ts).
   * @param opts.rerequest adds `auth_type=rerequest`: declined permissions are asked again
   */
  dialogUrl(opts: { redirectUri: string; state: string; scopes: readonly string[]; codeChallenge: string; rerequest?: boolean }): string {
    const u = new URL(`${this.options.dialogBaseUrl ?? this.options.baseUrl}/${this.options.version}/dialog/oauth`);
    u.searchParams.set('client_id', this.options.appId);
    u.searchParams.set('redirect_uri', opts.redirectUri);
    u.searchParams.set('state', opts.state);
    u.searchParams.set('scope', opts.scopes.join(','));
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('code_challenge', opts.codeChallenge);
    u.searchParams.set('code_challenge_method', 'S256');
    if (opts.rerequest) u.searchParams.set('auth_type', 'rerequest');
    return u.toString();
  }

  /**
   * Code → short-lived user token: `GET /oauth/access_token?client_id&redirect_uri&client_secret&code&code_verifier`
   * (docs/requirements/platform-apis.md#facebook-login-and-tokens). Not retried: a code works once,
   * and a retry of an exchange Graph performed would only answer "code has been used".
   * @param redirectUri byte for byte the dialog's (else 100/36008)
   * @param codeVerifier the PKCE verifier whose challenge the dialog got
   * @throws GraphError 100 (36007 expired, 36008 redirect mismatch, 36009 used, wrong or missing code_verifier), 101, 1, 191
   */
  exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<OAuthToken> {
    return this.once<OAuthToken>('GET', this.url('oauth/access_token', { client_id: this.options.appId, redirect_uri: redirectUri, client_secret: this.options.appSecret, code, code_verifier: codeVerifier }), null);
  }

  /**
   * Short-lived → long-lived user token (`grant_type=fb_exchange_token`, about 60 days;
   * docs/requirements/platform-apis.md#facebook-login-and-tokens). @throws GraphError 190 (and
   * subcode) for an expired or revoked token
   */
  extendUserToken(shortLived: string): Promise<OAuthToken> {
    return this.request<OAuthToken>(
      'GET',
      this.url('oauth/access_token', { grant_type: 'fb_exchange_token', client_id: this.options.appId, client_secret: this.options.appSecret, fb_exchange_token: shortLived }),
      null,
    );
  }

  /**
   * `GET /debug_token?input_token=` with the app token
   * (docs/requirements/platform-apis.md#facebook-login-and-tokens): whether Facebook still accepts
   * `token`, when it expires (0 = never), its scopes; an invalid token answers 200 with `is_valid:
   * false` and the 190 `error` inside `data`.
   */
  async debugToken(token: string): Promise<DebugTokenData> {
    const res = await this.get<{ data: DebugTokenData }>('debug_token', { input_token: token }, this.appToken);
    return res.data;
  }

  private url(path: string, params: Params): string {
    const u = new URL(`${this.options.baseUrl}/${this.options.version}/${path.replace(/^\//, '')}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  /** `paging.next` must point at the configured host: the token is never sent anywhere else. */
  private sameHost(next: string): string {
    const n = new URL(next);
    const base = new URL(this.options.baseUrl);
    if (n.origin !== base.origin) throw new GraphError(`paging.next points at another host: ${n.origin}`, 0, -1, null, 'ClientError', null);
    return n.toString();
  }

  private async request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string | null,
    body?: URLSearchParams | string,
    retryPost: (e: GraphError) => boolean = () => false,
    answer?: GraphAnswer,
  ): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 2;
    const base = this.options.backoffMs ?? 250;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(method, url, token, body, answer);
      } catch (e) {
        const err = e as GraphError;
        // A POST is never retried: a timeout or reset may come after Graph accepted it, and
        // retrying a delivered comment would post it twice. A throttle with a window is not
        // retried either: calling again inside the window only spends budget (retriesSoon).
        const retriable = err instanceof GraphError && err.retriesSoon && (method === 'GET' || retryPost(err));
        if (!retriable || attempt >= maxRetries) throw err;
        await new Promise((r) => setTimeout(r, base * 2 ** attempt * (0.75 + Math.random() / 2)));
      }
    }
  }

  /**
   * `appsecret_proof` of a token: hex HMAC-SHA256 of the token keyed with the app secret (Graph
   * API "Securing Requests"; docs/requirements/platform-apis.md#facebook-login-and-tokens). Sent on
   * every call, so the app can require it in Meta's settings: a stolen token is useless without the
   * secret. Kept per token.
   */
  private proof(token: string): string {
    let p = this.proofs.get(token);
    if (!p) {
      p = createHmac('sha256', this.options.appSecret).update(token).digest('hex');
      // Tokens are few (one per page and user); the bound only guards against a leak.
      if (this.proofs.size >= 10_000) this.proofs.clear();
      this.proofs.set(token, p);
    }
    return p;
  }

  private readonly proofs = new Map<string, string>();

  /** Per token: until when (epoch ms) calls are held, and what started the hold. */
  private readonly holds = new Map<string, { until: number; percent: number; bucket: 'page' | 'app' }>();

  private nowMs(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }

  /** @throws GraphUsageHold while `token` is held */
  private checkHold(token: string): void {
    const hold = this.holds.get(token);
    if (!hold) return;
    const now = this.nowMs();
    if (now >= hold.until) {
      this.holds.delete(token);
      return;
    }
    // The app token is `{app-id}|{app-secret}`; user and page tokens have no `|`.
    const code = hold.bucket === 'page' ? 32 : token.includes('|') ? 4 : 17;
    throw new GraphUsageHold(code, hold.percent, new Date(hold.until), (hold.until - now) / 1000, hold.bucket);
  }

  /**
   * Records what an answer's usage headers said about `token`'s bucket: at or above
   * `usageBackoffPercent`, or with a time to regain access, later calls are held for that time
   * (else `usagePauseSeconds`); below it, a hold ends. A throttling refusal itself does not
   * start a hold: the caller pauses on it (the sync jobs' queue, the 503 of a write).
   */
  private noteUsage(token: string, usage: GraphUsage): void {
    if (usage.percent === null && usage.regainSeconds === null) return;
    const threshold = this.options.usageBackoffPercent ?? 90;
    const high = usage.percent !== null && usage.percent >= threshold;
    if (!high && usage.regainSeconds === null) {
      this.holds.delete(token);
      return;
    }
    const seconds = usage.regainSeconds ?? this.options.usagePauseSeconds ?? 60;
    // Tokens are few (one per page and user); the bound only guards against a leak.
    if (this.holds.size >= 10_000) this.holds.clear();
    this.holds.set(token, { until: this.nowMs() + seconds * 1000, percent: usage.percent ?? 100, bucket: usage.bucket ?? 'page' });
  }

  /**
   * One HTTP exchange with Graph. @param token null for the OAuth token endpoint, which takes the
   * app's `client_secret` instead of an access token (no Authorization header, no proof).
   */
  private async once<T>(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, body?: URLSearchParams | string, answer?: GraphAnswer): Promise<T> {
    let res: Response;
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    if (token !== null) this.checkHold(token);
    const signed = new URL(url);
    if (token !== null) signed.searchParams.set('appsecret_proof', this.proof(token));
    try {
      res = await this.fetchImpl(signed.toString(), {
        method,
        headers: {
          ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
          accept: 'application/json',
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw networkError(e, timeoutMs);
    }
    const servedVersion = res.headers.get('facebook-api-version');
    if (answer) answer.servedVersion = servedVersion;
    if (servedVersion && servedVersion !== this.options.version) this.options.onServedVersion?.(servedVersion);
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      // Graph answered the status line, then the body stalled or broke: it acted on the request.
      throw networkError(e, timeoutMs, true);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new GraphError(`Facebook answered HTTP ${res.status} with a body that is not JSON`, res.status, -1, null, 'ClientError', null);
    }
    const envelope = json as { error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string } };
    const usage = readUsage(res.headers);
    // Holds follow the rolling budgets of the token itself (app, user, the Page's `pages` use
    // case); other use cases in the header (the per-second Conversations limit reports as
    // `messenger`/`instagram`) are met by their own throttle and its retry (`retriesSoon`).
    const holdUsage = token !== null ? readUsage(res.headers, { bucTypes: ['pages'] }) : usage;
    if (envelope.error || !res.ok) {
      const e = envelope.error ?? {};
      const err = new GraphError(e.message ?? `HTTP ${res.status}`, res.status, e.code ?? -1, e.error_subcode ?? null, e.type ?? 'UnknownError', e.fbtrace_id ?? null, usage);
      err.servedVersion = servedVersion;
      if (token !== null && !err.isRateLimit) this.noteUsage(token, holdUsage);
      throw err;
    }
    if (token !== null) this.noteUsage(token, holdUsage);
    return json as T;
  }
}

/** Error codes of a connection that was never opened: nothing reached Graph. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

/**
 * Turns a fetch failure into a GraphTimeoutError when the request may have reached Graph (a
 * timeout, or a connection reset once sent), else a GraphError `NetworkError` (not sent).
 * @param answered the response had started, so Graph received the request
 */
function networkError(e: unknown, timeoutMs: number, answered = false): GraphError {
  const err = e as Error & { cause?: { code?: string } };
  if (err?.name === 'TimeoutError') return new GraphTimeoutError(`Facebook did not answer within ${timeoutMs} ms`, timeoutMs);
  const code = err?.cause?.code ?? (err as { code?: string })?.code;
  if (!answered && code && NOT_SENT.has(code)) {
    return new GraphError(`Facebook could not be reached: ${err.message}${code ? ` (${code})` : ''}`, 0, -1, null, 'NetworkError', null);
  }
  if (!answered && !code) return new GraphError(`Facebook could not be reached: ${err?.message ?? String(e)}`, 0, -1, null, 'NetworkError', null);
  return new GraphTimeoutError(`The connection to Facebook broke before it answered: ${err?.message ?? String(e)}`, null);
}
