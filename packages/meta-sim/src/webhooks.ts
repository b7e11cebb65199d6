/**
 * Webhook delivery the way Meta does it (docs/requirements/platform-apis.md#webhooks, behaviour 6):
 * the GET verification handshake, Meta's escaped JSON serialisation, `X-Hub-Signature-256` (and the
 * legacy SHA-1 `X-Hub-Signature`) over the exact bytes sent, batched entries, at-least-once
 * delivery with retries and backoff, and test knobs for duplicates and out-of-order delivery.
 *
 * Flow: `publish(event)` queues one messaging event; after `holdMs` (0 unless `reorder`) the
 * queue is cut into POSTs of at most `batchSize` events of one `object`, grouped into entries
 * by Page / Instagram account. First attempts go out one at a time in queue order; a failed
 * POST (non-2xx, network error or timeout) is retried after `retryBaseMs × 2^(n-1)` (capped at
 * `retryMaxMs`) until `maxAttempts`, then recorded as failed. Retries run on their own timers,
 * so a retried POST lands after later ones, as with Meta.
 *
 * Meta only delivers to a callback that passed the handshake: POSTs wait for a verified
 * callback; when the last handshake failed, one more is tried (at most every 5 s) before a POST
 * is skipped and logged as such. The handshake runs at start, when a Page first subscribes
 * while unverified, when the URL or verify token changes, and on demand (control API).
 */
import { createHmac, randomInt } from 'node:crypto';

/** Meta's `object` of a messaging webhook: `page` for Messenger, `instagram` for Instagram. */
export type WebhookObject = 'page' | 'instagram';

/** One event for the `messaging` array of an entry. */
export interface WebhookEvent {
  object: WebhookObject;
  /** `entry[].id`: the Page id (Messenger) or the Instagram account id. */
  entryId: string;
  /** `{sender, recipient, timestamp, message|reaction|read}`; with `field`, a change's `value`. */
  item: Record<string, unknown>;
  /**
   * Set for Page changes (e.g. `feed`): the item goes to the entry's `changes` array as
   * `{field, value: item}` instead of `messaging`
   * (docs/requirements/platform-apis.md#feedratings-envelope).
   */
  field?: string;
  /** For the log: message, echo, reaction, read. */
  kind: string;
  /** Message id the event is about, for the log and for dedupe checks in tests. */
  mid?: string;
}

/** Delivery settings; all changeable at run time (`configure`, `PUT /__sim/webhooks`). */
export interface WebhookConfig {
  /** Callback URL; null = no delivery. */
  url: string | null;
  /** Echoed back by the callback's handshake check (`hub.verify_token`). */
  verifyToken: string;
  /** 0..1: chance that an event is delivered a second time, in a later POST. */
  duplicateRate: number;
  /** Hold events `holdMs` and deliver them newest first. */
  reorder: boolean;
  /** How long events are held before a flush, ms (with `reorder`; 0 otherwise). */
  holdMs: number;
  /** Events per POST, 1..1000 (Meta: up to 1000 updates per POST). */
  batchSize: number;
  /** Attempts per POST before it is recorded as failed. */
  maxAttempts: number;
  /** First retry delay, ms; doubles per attempt. */
  retryBaseMs: number;
  /** Longest retry delay, ms. */
  retryMaxMs: number;
  /** Request timeout per attempt, ms. */
  timeoutMs: number;
  /**
   * Fields the app's `instagram` webhook object is subscribed to (App Dashboard setting,
   * docs/requirements/platform-apis.md#webhooks): Instagram events need one of these in addition to
   * the Page's `subscribed_apps`.
   */
  instagramFields: string[];
}

export const DEFAULT_WEBHOOK_CONFIG: WebhookConfig = {
  url: null,
  verifyToken: 'dinedesk-verify',
  duplicateRate: 0,
  reorder: false,
  holdMs: 250,
  batchSize: 1,
  maxAttempts: 8,
  retryBaseMs: 2000,
  retryMaxMs: 60_000,
  timeoutMs: 5000,
  instagramFields: ['messages', 'message_reactions', 'messaging_seen', 'messaging_postbacks', 'comments'],
};

/** Result of one GET handshake. */
export interface HandshakeRecord {
  at: string;
  url: string;
  challenge: string;
  /** HTTP status of the answer; null on a network error. */
  status: number | null;
  /** True when the answer was 200 with exactly the challenge as body. */
  echoed: boolean;
  error: string | null;
}

/** One attempt of a POST. */
export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error: string | null;
}

/** One POST (and its retries) in the delivery log. */
export interface DeliveryRecord {
  id: number;
  object: WebhookObject;
  entryIds: string[];
  kinds: string[];
  mids: string[];
  /** True for the extra copy made by `duplicateRate`. */
  duplicate: boolean;
  /** Body size in bytes. */
  bytes: number;
  state: 'queued' | 'sending' | 'retrying' | 'delivered' | 'failed' | 'skipped';
  attempts: DeliveryAttempt[];
  lastError: string | null;
}

/** `GET /__sim/webhooks`. */
export interface WebhookLog {
  config: WebhookConfig;
  verified: boolean;
  handshake: HandshakeRecord | null;
  stats: { queued: number; inFlight: number; delivered: number; failed: number; skipped: number; duplicates: number };
  /** Newest last; the last 500. */
  deliveries: DeliveryRecord[];
}

const LOG_LIMIT = 500;
const REVERIFY_AFTER_MS = 5000;

/**
 * Serialises like Meta's webhook sender (docs/requirements/platform-apis.md#signature; Messenger
 * webhook docs, "Validating payloads"): JSON with non-ASCII characters escaped as `\uXXXX` in
 * lower-case hex (UTF-16 units, so emoji become surrogate pairs), `/` as `\/`, and `<`, `%`, `@` as
 * `\u003C`, `\u0025`, `\u0040`. Receivers must verify the signature over these exact bytes.
 * @returns the body text, ASCII only
 */
export function serializeMetaJson(value: unknown): string {
  // The characters replaced below only occur inside JSON strings (never in structure or in the
  // escapes JSON.stringify emits), so replacing in the finished text is safe.
  return JSON.stringify(value)
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003C')
    .replace(/%/g, '\\u0025')
    .replace(/@/g, '\\u0040');
}

/**
 * The `X-Hub-Signature-256` header value for a body: `sha256=` + lower-case hex
 * HMAC-SHA256(appSecret, raw body bytes) (docs/requirements/platform-apis.md#signature).
 * @param rawBody the exact bytes sent (a string is taken as UTF-8)
 */
export function signMetaPayload(appSecret: string, rawBody: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** The legacy `X-Hub-Signature` value: `sha1=` + hex HMAC-SHA1(appSecret, raw body)
 * (docs/requirements/platform-apis.md#webhooks). */
export function signMetaPayloadSha1(appSecret: string, rawBody: string | Uint8Array): string {
  return `sha1=${createHmac('sha1', appSecret).update(rawBody).digest('hex')}`;
}

/** Small deterministic PRNG (mulberry32), so duplicate rates are reproducible run to run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Outgoing {
  record: DeliveryRecord;
  body: string;
  /** Set once the record reached delivered/failed/skipped (counted exactly once). */
  settled: boolean;
}

/** Queues, signs, sends and retries webhook POSTs; records everything for the control API. */
export class WebhookDispatcher {
  private config: WebhookConfig;
  private pending: { event: WebhookEvent; duplicate: boolean }[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  /** Retry timers and the POST each will resend. */
  private readonly retryTimers = new Map<NodeJS.Timeout, Outgoing>();
  private readonly controllers = new Set<AbortController>();
  private chain: Promise<void> = Promise.resolve();
  private unsettled = 0;
  private waiters: (() => void)[] = [];
  private deliveries: DeliveryRecord[] = [];
  private nextId = 1;
  private handshakeRecord: HandshakeRecord | null = null;
  private verifiedFor: string | null = null;
  private handshakeInFlight: Promise<HandshakeRecord> | null = null;
  private lastHandshakeAt = 0;
  private readonly random = prng(1);
  private closed = false;
  private readonly counts = { delivered: 0, failed: 0, skipped: 0, duplicates: 0 };

  /**
   * @param deps.appSecret signs every POST
   * @param deps.now simulator clock, for `entry[].time` (ms)
   */
  constructor(
    private readonly deps: { appSecret: string; now: () => Date },
    config: Partial<WebhookConfig> = {},
  ) {
    this.config = validateConfig({ ...DEFAULT_WEBHOOK_CONFIG, ...config });
  }

  /** Current settings (a copy). */
  settings(): WebhookConfig {
    return { ...this.config, instagramFields: [...this.config.instagramFields] };
  }

  /**
   * Changes settings; a new URL or verify token drops the verification and starts a handshake.
   * @throws Error for out-of-range values (see `WebhookConfig`)
   */
  configure(patch: Partial<WebhookConfig>): WebhookConfig {
    const next = validateConfig({ ...this.config, ...patch });
    const reverify = next.url !== this.config.url || next.verifyToken !== this.config.verifyToken;
    this.config = next;
    if (reverify) {
      this.verifiedFor = null;
      this.handshakeRecord = null;
      this.lastHandshakeAt = 0;
      if (next.url) void this.verify();
    }
    return this.settings();
  }

  private key(): string {
    return `${this.config.url}\n${this.config.verifyToken}`;
  }

  /** True when the current URL and token passed the handshake. */
  isVerified(): boolean {
    return this.config.url !== null && this.verifiedFor === this.key();
  }

  /**
   * Runs the GET handshake (docs/requirements/platform-apis.md#webhooks):
   * `?hub.mode=subscribe&hub.challenge=<digits>&hub.verify_token=` and records whether the answer
   * was 200 with the challenge as its body.
   * @returns the record; `echoed:false` with an error when no URL is set
   */
  verify(): Promise<HandshakeRecord> {
    if (this.handshakeInFlight) return this.handshakeInFlight;
    const url = this.config.url;
    const key = this.key();
    const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
    const at = this.deps.now().toISOString();
    this.lastHandshakeAt = Date.now();
    if (!url) {
      const rec: HandshakeRecord = { at, url: '', challenge, status: null, echoed: false, error: 'no webhook URL configured' };
      this.handshakeRecord = rec;
      return Promise.resolve(rec);
    }
    const run = async (): Promise<HandshakeRecord> => {
      const target = new URL(url);
      target.searchParams.set('hub.mode', 'subscribe');
      target.searchParams.set('hub.challenge', challenge);
      target.searchParams.set('hub.verify_token', this.config.verifyToken);
      const ac = new AbortController();
      this.controllers.add(ac);
      const timer = setTimeout(() => ac.abort(new Error(`timed out after ${this.config.timeoutMs} ms`)), this.config.timeoutMs);
      let rec: HandshakeRecord;
      try {
        const res = await fetch(target, { method: 'GET', signal: ac.signal, headers: { 'user-agent': 'facebookplatform/1.0 (+http://developers.facebook.com)' } });
        const text = await res.text();
        const echoed = res.status === 200 && text === challenge;
        rec = { at, url, challenge, status: res.status, echoed, error: echoed ? null : `callback answered ${res.status} without the challenge` };
      } catch (e) {
        rec = { at, url, challenge, status: null, echoed: false, error: errorText(e) };
      } finally {
        clearTimeout(timer);
        this.controllers.delete(ac);
      }
      // A handshake for a URL/token that was replaced meanwhile says nothing about the new one.
      if (key === this.key()) {
        this.handshakeRecord = rec;
        this.verifiedFor = rec.echoed ? key : null;
      }
      return rec;
    };
    this.unsettled++;
    const p = run().finally(() => {
      this.handshakeInFlight = null;
      this.unsettled--;
      this.checkIdle();
    });
    this.handshakeInFlight = p;
    return p;
  }

  /** Starts a handshake unless the callback is already verified (Page subscribing). */
  ensureVerified(): void {
    if (this.config.url && !this.isVerified() && !this.closed) void this.verify();
  }

  /** Queues one event (no-op without a URL). */
  publish(event: WebhookEvent): void {
    if (!this.config.url || this.closed) return;
    this.pending.push({ event, duplicate: false });
    if (this.config.duplicateRate > 0 && this.random() < this.config.duplicateRate) {
      this.pending.push({ event, duplicate: true });
      this.counts.duplicates++;
    }
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.config.reorder ? this.config.holdMs : 0);
    }
  }

  /** Cuts the queue into POSTs and hands them to the sending chain. */
  private flush(): void {
    this.flushTimer = null;
    let items = this.pending;
    this.pending = [];
    // Duplicates go out after the originals, as separate POSTs: a redelivery, not a twin.
    const originals = items.filter((i) => !i.duplicate);
    const dups = items.filter((i) => i.duplicate);
    items = this.config.reorder ? [...originals.reverse(), ...dups.reverse()] : [...originals, ...dups];
    const batches: { events: WebhookEvent[]; duplicate: boolean }[] = [];
    for (const it of items) {
      const last = batches[batches.length - 1];
      if (last && last.duplicate === it.duplicate && last.events.length < this.config.batchSize && last.events[0]!.object === it.event.object) last.events.push(it.event);
      else batches.push({ events: [it.event], duplicate: it.duplicate });
    }
    for (const b of batches) {
      const out = this.build(b.events, b.duplicate);
      this.unsettled++;
      // A bug in one delivery must neither stall the chain nor leave `idle()` waiting forever.
      this.chain = this.chain.then(() => this.firstAttempt(out)).catch((e: unknown) => this.settle(out, 'failed', errorText(e)));
    }
    this.checkIdle();
  }

  /** Builds the envelope `{object, entry:[{id, time, messaging:[...]}]}` and its log record. */
  private build(events: WebhookEvent[], duplicate: boolean): Outgoing {
    const entries = new Map<string, Record<string, unknown>[]>();
    const changes = new Map<string, Record<string, unknown>[]>();
    for (const e of events) {
      if (!entries.has(e.entryId)) entries.set(e.entryId, []);
      if (e.field) changes.set(e.entryId, [...(changes.get(e.entryId) ?? []), { field: e.field, value: e.item }]);
      else entries.get(e.entryId)!.push(e.item);
    }
    const time = this.deps.now().getTime();
    const object = events[0]!.object;
    const body = serializeMetaJson({
      object,
      entry: [...entries.entries()].map(([id, messaging]) => (changes.has(id) ? { id, time, ...(messaging.length ? { messaging } : {}), changes: changes.get(id) } : { id, time, messaging })),
    });
    const record: DeliveryRecord = {
      id: this.nextId++,
      object,
      entryIds: [...entries.keys()],
      kinds: events.map((e) => e.kind),
      mids: events.flatMap((e) => (e.mid ? [e.mid] : [])),
      duplicate,
      bytes: Buffer.byteLength(body),
      state: 'queued',
      attempts: [],
      lastError: null,
    };
    this.deliveries.push(record);
    if (this.deliveries.length > LOG_LIMIT) this.deliveries.splice(0, this.deliveries.length - LOG_LIMIT);
    return { record, body, settled: false };
  }

  private async firstAttempt(out: Outgoing): Promise<void> {
    if (this.closed) return this.settle(out, 'skipped', 'simulator closed');
    if (!this.isVerified()) {
      if (this.handshakeInFlight) await this.handshakeInFlight;
      else if (Date.now() - this.lastHandshakeAt >= REVERIFY_AFTER_MS) await this.verify();
    }
    if (!this.isVerified()) return this.settle(out, 'skipped', 'callback not verified: the GET handshake did not echo hub.challenge');
    await this.attempt(out);
  }

  /** One POST; schedules the retry or settles the record. */
  private async attempt(out: Outgoing): Promise<void> {
    const url = this.config.url;
    if (this.closed || !url) return this.settle(out, 'skipped', this.closed ? 'simulator closed' : 'webhook URL removed');
    out.record.state = 'sending';
    const ac = new AbortController();
    this.controllers.add(ac);
    const timer = setTimeout(() => ac.abort(new Error(`timed out after ${this.config.timeoutMs} ms`)), this.config.timeoutMs);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        signal: ac.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature-256': signMetaPayload(this.deps.appSecret, out.body),
          'x-hub-signature': signMetaPayloadSha1(this.deps.appSecret, out.body),
        },
        body: out.body,
      });
      status = res.status;
      // Drain the answer so the connection is reused; its content does not matter to Meta.
      await res.arrayBuffer().catch(() => undefined);
      if (status < 200 || status > 299) error = `callback answered ${status}`;
    } catch (e) {
      error = errorText(e);
    } finally {
      clearTimeout(timer);
      this.controllers.delete(ac);
    }
    out.record.attempts.push({ at: this.deps.now().toISOString(), status, error });
    out.record.lastError = error;
    if (!error) return this.settle(out, 'delivered', null);
    if (this.closed) return this.settle(out, 'failed', error);
    if (out.record.attempts.length >= this.config.maxAttempts) return this.settle(out, 'failed', error);
    out.record.state = 'retrying';
    const delay = Math.min(this.config.retryMaxMs, this.config.retryBaseMs * 2 ** (out.record.attempts.length - 1));
    const t = setTimeout(() => {
      this.retryTimers.delete(t);
      this.attempt(out).catch((e: unknown) => this.settle(out, 'failed', errorText(e)));
    }, delay);
    this.retryTimers.set(t, out);
  }

  private settle(out: Outgoing, state: 'delivered' | 'failed' | 'skipped', error: string | null): void {
    if (out.settled) return;
    out.settled = true;
    out.record.state = state;
    out.record.lastError = error;
    this.counts[state]++;
    this.unsettled--;
    this.checkIdle();
  }

  private checkIdle(): void {
    if (this.pending.length || this.flushTimer || this.unsettled > 0) return;
    const w = this.waiters;
    this.waiters = [];
    for (const resolve of w) resolve();
  }

  /** Resolves once nothing is queued, being sent, retried or verified. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.checkIdle();
    });
  }

  /** The delivery log (copies). */
  log(): WebhookLog {
    return {
      config: this.settings(),
      verified: this.isVerified(),
      handshake: this.handshakeRecord ? { ...this.handshakeRecord } : null,
      stats: {
        queued: this.pending.length + this.deliveries.filter((d) => d.state === 'queued').length,
        inFlight: this.deliveries.filter((d) => d.state === 'sending' || d.state === 'retrying').length,
        delivered: this.counts.delivered,
        failed: this.counts.failed,
        skipped: this.counts.skipped,
        duplicates: this.counts.duplicates,
      },
      deliveries: this.deliveries.map((d) => ({ ...d, entryIds: [...d.entryIds], kinds: [...d.kinds], mids: [...d.mids], attempts: d.attempts.map((a) => ({ ...a })) })),
    };
  }

  /** Stops timers and aborts requests; nothing is delivered afterwards. */
  close(): void {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pending = [];
    // POSTs waiting for a retry never settle on their own once their timers are cleared.
    for (const [t, out] of this.retryTimers) {
      clearTimeout(t);
      this.settle(out, 'failed', out.record.lastError ?? 'simulator closed');
    }
    this.retryTimers.clear();
    for (const ac of this.controllers) ac.abort(new Error('simulator closed'));
    this.checkIdle();
  }
}

function errorText(e: unknown): string {
  if (e instanceof Error) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return `${e.message}${cause}`;
  }
  return String(e);
}

/** @throws Error naming the first out-of-range setting */
function validateConfig(c: WebhookConfig): WebhookConfig {
  if (c.url !== null) {
    let u: URL;
    try {
      u = new URL(c.url);
    } catch {
      throw new Error(`webhook url is not a URL: ${c.url}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('webhook url must be http(s)');
  }
  if (typeof c.verifyToken !== 'string') throw new Error('verifyToken must be a string');
  if (!(c.duplicateRate >= 0 && c.duplicateRate <= 1)) throw new Error('duplicateRate must be between 0 and 1');
  if (typeof c.reorder !== 'boolean') throw new Error('reorder must be a boolean');
  const int = (name: keyof WebhookConfig, v: number, min: number, max: number) => {
    if (!(Number.isInteger(v) && v >= min && v <= max)) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  };
  int('batchSize', c.batchSize, 1, 1000);
  int('maxAttempts', c.maxAttempts, 1, 100);
  int('holdMs', c.holdMs, 0, 600_000);
  int('retryBaseMs', c.retryBaseMs, 0, 3_600_000);
  int('retryMaxMs', c.retryMaxMs, 0, 3_600_000);
  int('timeoutMs', c.timeoutMs, 1, 600_000);
  if (!Array.isArray(c.instagramFields) || !c.instagramFields.every((f) => typeof f === 'string')) throw new Error('instagramFields must be a list of strings');
  return { ...c, instagramFields: [...c.instagramFields] };
}
