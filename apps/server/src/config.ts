import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';

/**
 * Server configuration from environment variables; every variable has a documented default
 * (README "Configuration") so `npm start` works on a fresh clone with no setup.
 * @throws Error naming the variable when one is set to an invalid value, or when a public
 *   simulator default secret is used with a real Graph host.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./var'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DIR: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(8 * 3600),
  /** Seconds a process reuses the access it resolved for a session (0: resolve on every request). Access changes and logouts drop it at once. */
  ACCESS_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  META_GRAPH_BASE_URL: z.string().url().default('http://127.0.0.1:4100'),
  META_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/, 'must look like v21.0').default('v21.0'),
  META_APP_ID: z.string().default('100000000000001'),
  META_APP_SECRET: z.string().default('meta-sim-app-secret'),
  /** How long a Graph call may take before the client gives up (a write is then read back, docs/decisions/0014). */
  META_GRAPH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A page's sync pauses this long after a rate limit without Graph's regain estimate, and at
   * least this long. */
  META_RATE_LIMIT_MIN_WAIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** …and at most this long, whatever Graph's `estimated_time_to_regain_access` says. */
  META_RATE_LIMIT_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * From this usage percentage in Graph's usage headers (X-App-Usage, X-Page-Usage,
   * X-Business-Use-Case-Usage) the client holds further calls with that token for
   * META_RATE_LIMIT_MIN_WAIT_SECONDS (or Graph's regain estimate) instead of running into the limit.
   */
  META_USAGE_BACKOFF_PERCENT: z.coerce.number().int().min(1).max(100).default(90),
  /**
   * Host of the Facebook Login dialog; unset: `https://www.facebook.com` when META_GRAPH_BASE_URL
   * is graph.facebook.com, else META_GRAPH_BASE_URL (the simulator serves the dialog too).
   */
  META_OAUTH_DIALOG_URL: z.string().url().optional(),
  /**
   * This server's address as browsers reach it, for the Facebook Login `redirect_uri`
   * (`{PUBLIC_URL}/api/review_testing/fb-auth-callback`); unset: the origin the browser used.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Mail (mention notifications): an SMTP URL (`smtp://user:pass@host:587`,
   * `smtps://…:465`) sends real mail; unset, each message is written to the log and, as an
   * `.eml` file, to `{DATA_DIR}/outbox` (lib/mailer.ts).
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of DineDesk's mail. */
  MAIL_FROM: z.string().min(3).default('DineDesk <notifications@dinedesk.local>'),
  /** Connect the demo clients' pages through the Graph Test Users API at start (simulator). */
  META_CONNECT_TEST_USERS: z.enum(['0', '1']).default('1'),
  /** Token Meta echoes in the webhook verification handshake. */
  META_WEBHOOK_VERIFY_TOKEN: z.string().min(1).default('dinedesk-verify'),
  /**
   * Where the Google APIs are: `https://googleapis.com` means Google itself (each API on its own
   * host, `https://{api}.googleapis.com`, consent at accounts.google.com); any other URL is the
   * simulator, which serves every API under `{url}/{api}` (packages/meta-sim google/routes.ts).
   * Unset: the simulator beside the Graph one (`{META_GRAPH_BASE_URL}/google`) when that is on
   * this machine, else Google.
   */
  GOOGLE_API_BASE_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).default('581406273964-dinedesk.apps.googleusercontent.com'),
  GOOGLE_CLIENT_SECRET: z.string().min(1).default('meta-sim-google-secret'),
  /** How long a Google call may take before the client gives up (a reply is then read back). */
  GOOGLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Where Google Places API (New) is (competitor analysis, docs/decisions/0030):
   * `https://places.googleapis.com` is Google; unset: `{Google base}/places` when the Google base
   * is the local simulator (packages/meta-sim places/routes.ts), else Google.
   */
  PLACES_API_BASE_URL: z.string().url().optional(),
  /** The Places API key (`X-Goog-Api-Key`). The default is the simulator's, refused against any other host. */
  PLACES_API_KEY: z.string().min(1).default('meta-sim-places-key'),
  /** Connect the demo clients' Google locations through Google's consent page at start (simulator). */
  GOOGLE_CONNECT_DEMO: z.enum(['0', '1']).default('1'),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of DineDesk's own Redis keys (sign-in throttle and API rate limit counters), so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('dinedesk:'),
  /** HS256 key shared with ReservGo for single sign-on; unset: the endpoint answers 503. */
  RESERVGO_SHARED_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REVIEW_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /** `0`: this process queues jobs but runs none (lib/jobs.ts); another process must run them. */
  JOB_WORKERS: z.enum(['0', '1']).default('1'),
  /** Seconds between an idle worker's looks for new jobs (pg-boss: at least 0.5); work queued by this process wakes its workers at once. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Days a processed webhook delivery is kept (for support and replays) before the maintenance job deletes it. */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /**
   * Least free space (MiB) DATA_DIR and its uploads folder must keep while running
   * (lib/disk-watch.ts, docs/decisions/0016 "Free space while running"): below it writes and
   * imports are refused with 507 and writing jobs pause, until space returns.
   */
  DISK_MIN_FREE_MB: z.coerce.number().min(1).max(1024 * 1024).default(64),
  /** Seconds between two looks at the free space of DATA_DIR (statfs). */
  DISK_CHECK_SECONDS: z.coerce.number().min(0.1).max(300).default(2),
  /**
   * Which proxies in front of this server to believe about the client's address
   * (`X-Forwarded-For`, `X-Forwarded-Proto`, `X-Forwarded-Host`), as Fastify's `trustProxy`
   * takes it: a hop count (`1`: the nearest proxy), or comma-separated addresses and CIDRs
   * (`10.0.0.0/8,127.0.0.1`, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
   * Unset, empty or `0`: the headers are ignored and the socket's address is the client's.
   * docs/decisions/0045-timeouts-proxy-and-socket-limits.md
   */
  TRUST_PROXY: z.string().default(''),
  /**
   * Longest time a client may take to send a request's headers, ms (Node's `headersTimeout`):
   * a connection that trickles its headers is closed with 408.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Longest time a client may take to send a whole request, headers and body, ms: a slow body is
   * answered 408 and its connection closed. The CSV uploads have their own allowance below.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** The same for the streamed CSV uploads (orders up to 64 MiB, ads 16 MiB), ms. */
  HTTP_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(600_000),
  /**
   * A connection on which nothing arrives or leaves for this long is closed, ms (Fastify's
   * `connectionTimeout`, Node's `server.timeout`). Above socket.io's ping interval (25 s): a
   * long-poll waits that long for its answer.
   */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** How long an idle keep-alive connection is kept for the client's next request, ms (Fastify's `keepAliveTimeout`). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /**
   * Product API requests one signed-in user may make per RATE_LIMIT_WINDOW_SECONDS, over all
   * their tabs and server processes (Redis with REDIS_URL); more answer 429 with Retry-After.
   * A dashboard screen loads with 5–20 calls: 600 a minute leaves room for a busy user and stops
   * a runaway script. `0` turns the API limits off (e.g. a gateway in front limits instead).
   * docs/decisions/0048-api-rate-limits.md
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /** The same for requests without a signed-in user (sign-in, OAuth callbacks), per client address. */
  RATE_LIMIT_ANONYMOUS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(300),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Socket calls (`inbox:replay`) one connection may make per SOCKET_CALLS_WINDOW_SECONDS (docs/decisions/0045). */
  SOCKET_CALLS_PER_CONNECTION: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Socket calls one user may make per window over all their sockets and server processes (Redis with REDIS_URL). */
  SOCKET_CALLS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(60),
  SOCKET_CALLS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Calls of one socket answered at the same time; more are refused at once (`busy`). */
  SOCKET_MAX_CALLS_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(2),
  WEB_DIST_DIR: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  /**
   * Image sources the browser may load besides the app's own and the platforms' CDNs (CSP
   * `img-src`, comma-separated): the map tile server of the UI showcase.
   */
  CSP_IMG_SOURCES: z.string().default('https://tile.openstreetmap.org'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * Defaults that are public (they ship in this repository and the simulator): fine against the
 * local simulator, a take-over risk anywhere else. The app secret signs `appsecret_proof` and
 * the app token; the verify token guards the webhook subscription handshake.
 */
const SIMULATOR_DEFAULTS = { META_APP_SECRET: 'meta-sim-app-secret', META_WEBHOOK_VERIFY_TOKEN: 'dinedesk-verify' } as const;

/** Names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY` as Fastify's `trustProxy` takes it: false (headers ignored), a hop count, or
 * the list of trusted addresses and CIDRs.
 * @throws Error naming TRUST_PROXY and the entry that is neither an address, a CIDR nor a range name
 */
export function parseTrustProxy(raw: string): false | number | string[] {
  const value = raw.trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new Error('Invalid configuration: TRUST_PROXY: a hop count must be at most 100');
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || extra !== undefined || !bitsOk) {
      throw new Error(`Invalid configuration: TRUST_PROXY: "${entry}" is neither a hop count, an IP address, a CIDR (10.0.0.0/8) nor one of ${[...PROXY_RANGE_NAMES].join(', ')}`);
    }
  }
  return entries;
}

/** True when the Graph host is on this machine (loopback): the simulator, never Meta. */
function isLoopbackHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Meta's CDNs: Instagram media (`scontent-….cdninstagram.com`, `….fbcdn.net`) and Messenger
 * attachments (`lookaside.fbsbx.com`, `….fbcdn.net`), as the Graph API names them.
 */
export const META_IMAGE_HOSTS = ['https://*.cdninstagram.com', 'https://*.fbcdn.net', 'https://lookaside.fbsbx.com'] as const;

/**
 * The CSP `img-src` of the app: itself, `data:` (inline icons), Meta's CDNs, the local
 * simulator's origin when the Graph host is the simulator (it serves the images its media name,
 * packages/meta-sim instagram/cdn.ts), and `extra`.
 * @throws Error naming CSP_IMG_SOURCES for a source that is not an https or loopback origin
 */
export function imgSourcesOf(graphBaseUrl: string, extra: string): string[] {
  const sources: string[] = ["'self'", 'data:', ...META_IMAGE_HOSTS];
  if (isLoopbackHost(graphBaseUrl)) sources.push(new URL(graphBaseUrl).origin);
  for (const s of extra.split(',').map((x) => x.trim()).filter(Boolean)) {
    let ok: boolean;
    try {
      const u = new URL(s);
      ok = (u.protocol === 'https:' || isLoopbackHost(s)) && u.origin === s.replace(/\/$/, '');
    } catch {
      ok = false;
    }
    if (!ok) throw new Error(`Invalid configuration: CSP_IMG_SOURCES: "${s.slice(0, 80)}" is not an https origin (such as https://tiles.example.com)`);
    sources.push(new URL(s).origin);
  }
  return [...new Set(sources)];
}

/**
 * Whether the browser may load the image at `url` under `img-src` `sources` (as CSP matches
 * host sources: scheme, `*.` for any subdomain, the port of the origin). `'self'` and `data:`
 * are not matched here: a platform's image is never on the app's own origin.
 */
export function imageAllowed(url: string, sources: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return sources.some((s) => {
    const m = /^(https?):\/\/(\*\.)?([^/:]+)(:\d+)?$/.exec(s);
    if (!m || u.protocol !== `${m[1]}:`) return false;
    const port = m[4] ? m[4].slice(1) : '';
    if (u.port !== port) return false;
    return m[2] ? u.hostname.endsWith(`.${m[3]}`) : u.hostname === m[3];
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.META_RATE_LIMIT_MAX_WAIT_SECONDS < e.META_RATE_LIMIT_MIN_WAIT_SECONDS) {
    throw new Error('Invalid configuration: META_RATE_LIMIT_MAX_WAIT_SECONDS: must not be below META_RATE_LIMIT_MIN_WAIT_SECONDS');
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration: HTTP_HEADERS_TIMEOUT_MS: must not be above HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  if (!isLoopbackHost(e.META_GRAPH_BASE_URL)) {
    for (const [name, publicDefault] of Object.entries(SIMULATOR_DEFAULTS)) {
      if (e[name as keyof typeof SIMULATOR_DEFAULTS] === publicDefault) {
        throw new Error(`Invalid configuration: ${name}: set your own value; the default "${publicDefault}" is public and only allowed with the local simulator (META_GRAPH_BASE_URL is ${e.META_GRAPH_BASE_URL})`);
      }
    }
  }
  const googleBase = (e.GOOGLE_API_BASE_URL ?? (isLoopbackHost(e.META_GRAPH_BASE_URL) ? `${e.META_GRAPH_BASE_URL.replace(/\/$/, '')}/google` : 'https://googleapis.com')).replace(/\/$/, '');
  if (!isLoopbackHost(googleBase) && e.GOOGLE_CLIENT_SECRET === 'meta-sim-google-secret') {
    throw new Error(`Invalid configuration: GOOGLE_CLIENT_SECRET: set your own value; the default "meta-sim-google-secret" is public and only allowed with the local simulator (GOOGLE_API_BASE_URL is ${googleBase})`);
  }
  const placesBase = (e.PLACES_API_BASE_URL ?? (isLoopbackHost(googleBase) ? `${googleBase}/places` : 'https://places.googleapis.com')).replace(/\/$/, '');
  if (!isLoopbackHost(placesBase) && e.PLACES_API_KEY === 'meta-sim-places-key') {
    throw new Error(`Invalid configuration: PLACES_API_KEY: set your own value; the default "meta-sim-places-key" is public and only allowed with the local simulator (PLACES_API_BASE_URL is ${placesBase})`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    seedDir: resolve(e.SEED_DIR ?? DEFAULT_SEED_DIR),
    seedDemo: e.SEED_DEMO === '1',
    jwtSecret: e.JWT_SECRET ?? null,
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY ?? null,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    accessCacheSeconds: e.ACCESS_CACHE_SECONDS,
    graph: {
      baseUrl: e.META_GRAPH_BASE_URL.replace(/\/$/, ''),
      /** The Graph host is on this machine: the simulator (never Meta), which takes the demo clock (db/demo-clock.ts). */
      isSimulator: isLoopbackHost(e.META_GRAPH_BASE_URL),
      version: e.META_GRAPH_VERSION,
      appId: e.META_APP_ID,
      appSecret: e.META_APP_SECRET,
      connectTestUsers: e.META_CONNECT_TEST_USERS === '1',
      dialogBaseUrl: (e.META_OAUTH_DIALOG_URL ?? (new URL(e.META_GRAPH_BASE_URL).hostname === 'graph.facebook.com' ? 'https://www.facebook.com' : e.META_GRAPH_BASE_URL)).replace(/\/$/, ''),
      timeoutMs: e.META_GRAPH_TIMEOUT_MS,
      rateLimitWait: { minSeconds: e.META_RATE_LIMIT_MIN_WAIT_SECONDS, maxSeconds: e.META_RATE_LIMIT_MAX_WAIT_SECONDS },
      usageBackoffPercent: e.META_USAGE_BACKOFF_PERCENT,
      usagePauseSeconds: e.META_RATE_LIMIT_MIN_WAIT_SECONDS,
    },
    meta: { webhookVerifyToken: e.META_WEBHOOK_VERIFY_TOKEN },
    google: {
      baseUrl: googleBase,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      timeoutMs: e.GOOGLE_TIMEOUT_MS,
      connectDemo: e.GOOGLE_CONNECT_DEMO === '1' && isLoopbackHost(googleBase),
    },
    places: {
      baseUrl: placesBase,
      apiKey: e.PLACES_API_KEY,
      timeoutMs: e.GOOGLE_TIMEOUT_MS,
      // The review history listing is the simulator's stand-in (decision 0030): local only.
      simulatorHistory: isLoopbackHost(placesBase),
    },
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    reservgo: { sharedSecret: e.RESERVGO_SHARED_SECRET ?? null },
    reviewSyncIntervalSeconds: e.REVIEW_SYNC_INTERVAL_SECONDS,
    jobs: { work: e.JOB_WORKERS === '1', pollingIntervalSeconds: e.JOB_POLL_SECONDS, webhookRetentionDays: e.WEBHOOK_RETENTION_DAYS },
    disk: { minFreeBytes: Math.round(e.DISK_MIN_FREE_MB * 1024 * 1024), checkIntervalMs: Math.round(e.DISK_CHECK_SECONDS * 1000) },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      uploadTimeoutMs: e.HTTP_UPLOAD_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    rateLimit: { userMax: e.RATE_LIMIT_MAX, anonymousMax: e.RATE_LIMIT_ANONYMOUS_MAX, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    socketLimits: {
      perConnection: { points: e.SOCKET_CALLS_PER_CONNECTION, durationSeconds: e.SOCKET_CALLS_WINDOW_SECONDS },
      perUser: { points: e.SOCKET_CALLS_PER_USER, durationSeconds: e.SOCKET_CALLS_WINDOW_SECONDS },
      maxInFlight: e.SOCKET_MAX_CALLS_IN_FLIGHT,
    },
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : resolve(import.meta.dirname, '../../web/dist'),
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/$/, '') : null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: resolve(e.DATA_DIR, 'outbox') },
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    imgSources: imgSourcesOf(e.META_GRAPH_BASE_URL, e.CSP_IMG_SOURCES),
    logLevel: e.LOG_LEVEL,
  };
}
