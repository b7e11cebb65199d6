import { statfs as nodeStatfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Free space of DATA_DIR while the server runs (docs/decisions/0016 "Free space while running").
 *
 * PGlite that meets a full disk mid-write does not fail: it spins, and every request after it,
 * `/api/health` included, waits for good (only kill -9 ends it). So the server never lets the
 * disk get there: it looks at the free space of the watched folders every `intervalMs`
 * (`statfs`, on libuv's thread pool, so a look never waits on the database), and below
 * `minFreeBytes`
 * - API requests that may write (every method but GET, HEAD, OPTIONS) answer 507 before any
 *   handler or database call ({@link registerDiskGuard});
 * - job handlers wait before they start, and imports wait between two batches
 *   ({@link DiskWatch.whenSpace});
 * - reads and `/api/health` (which reports `disk: 'low'`) keep answering.
 * It recovers by itself: the first look that finds space again lets everything through.
 */

/** What one look found: `low` when any watched folder has less than `minFreeBytes` free. */
export interface DiskState {
  low: boolean;
  /** Least free bytes among the watched folders (for an unprivileged process: `bavail × bsize`); null before the first look. */
  freeBytes: number | null;
  minFreeBytes: number;
  /** The watched folder with the least free space, or null before the first look. */
  path: string | null;
}

/** How free space is read (tests and drills may inject one). */
export type StatfsFn = (path: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/** Methods that never write: let through while the disk is low. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refusal while low: the client may try again later (and should, once space is back). */
const RETRY_AFTER_SECONDS = 30;

export class DiskWatch {
  private current: DiskState;
  private timer: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  private running: Promise<DiskState> | null = null;

  /**
   * @param opts.paths folders to watch (DATA_DIR and its uploads folder); one that does not exist
   *   yet is measured at its nearest existing parent
   * @param opts.minFreeBytes least free bytes each must keep (config `DISK_MIN_FREE_MB`)
   * @param opts.intervalMs milliseconds between two looks (config `DISK_CHECK_SECONDS`)
   * @param opts.onChange called when the state turns low or back to ok (the log line)
   */
  constructor(private readonly opts: { paths: string[]; minFreeBytes: number; intervalMs: number; statfs?: StatfsFn; onChange?: (state: DiskState) => void }) {
    this.current = { low: false, freeBytes: null, minFreeBytes: opts.minFreeBytes, path: null };
  }

  /** The last look's finding (not low before the first one). */
  get state(): DiskState {
    return this.current;
  }

  get low(): boolean {
    return this.current.low;
  }

  /** Looks now, then every `intervalMs` until {@link stop}; the timer does not keep the process alive. */
  async start(): Promise<DiskState> {
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.opts.intervalMs);
      this.timer.unref();
    }
    return this.check();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Nothing will look again: let waiting work go (it meets the real disk, or the closing database).
    this.release();
  }

  /**
   * Looks at every watched folder now. A folder statfs cannot read (removed meanwhile) is left
   * out of this look rather than taken for a full disk.
   * @returns the new state
   */
  check(): Promise<DiskState> {
    // One look at a time: a slow statfs (network file system) must not pile up looks.
    this.running ??= this.look().finally(() => (this.running = null));
    return this.running;
  }

  private async look(): Promise<DiskState> {
    const statfs = this.opts.statfs ?? nodeStatfs;
    let least: { free: number; path: string } | null = null;
    for (const path of this.opts.paths) {
      const free = await freeBytesAt(statfs, path);
      if (free !== null && (!least || free < least.free)) least = { free, path };
    }
    if (!least) return this.current;
    const next: DiskState = { low: least.free < this.opts.minFreeBytes, freeBytes: least.free, minFreeBytes: this.opts.minFreeBytes, path: least.path };
    const changed = next.low !== this.current.low;
    this.current = next;
    if (changed) this.opts.onChange?.(next);
    if (!next.low) this.release();
    return next;
  }

  /** Resolves at once while there is space, else at the first look that finds space again (or at {@link stop}). */
  whenSpace(): Promise<void> {
    if (!this.current.low) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  /**
   * Whether `bytes` more can be written and still leave `minFreeBytes` free, by a look now: for a
   * single statement too large to pause midway (an import's swap), asked before it starts.
   */
  async roomFor(bytes: number): Promise<boolean> {
    const s = await this.check();
    return s.freeBytes === null || s.freeBytes - bytes >= this.opts.minFreeBytes;
  }

  /** The 507 message: what is wrong, and what the operator does about it. */
  message(): string {
    const mib = (n: number) => `${Math.floor(n / 1024 / 1024)} MiB`;
    const s = this.current;
    return `The server is low on disk space (${s.freeBytes === null ? 'unknown' : mib(s.freeBytes)} free, at least ${mib(s.minFreeBytes)} needed): changes and imports are refused until space is freed; reading still works. Try again later.`;
  }
}

/** Free bytes for this process at `path`, or at its nearest existing parent; null when none can be read. */
async function freeBytesAt(statfs: StatfsFn, path: string): Promise<number | null> {
  for (let p = path; ; p = dirname(p)) {
    try {
      const s = await statfs(p);
      return Number(s.bavail) * Number(s.bsize);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(p) === p) return null;
    }
  }
}

/**
 * Adds the `onRequest` hook that answers 507 `{message, code: 'disk_low'}` (with `Retry-After`)
 * to every API request that may write while `watch` is low: before body parsing, authorization,
 * handlers and the database. Reads, `/api/health` and the socket transport pass.
 */
export function registerDiskGuard(app: FastifyInstance, watch: DiskWatch): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!watch.low || READ_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/socket.io')) {
      done();
      return;
    }
    reply
      .code(507)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      // The request body is not read: the client may still be sending it, so close afterwards.
      .header('connection', 'close')
      .send({ message: watch.message(), code: 'disk_low' });
  });
}
