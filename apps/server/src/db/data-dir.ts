import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Start-up checks and the single-writer lock of `DATA_DIR`
 * (docs/decisions/0016-process-and-test-prerequisites.md).
 *
 * PGlite is an embedded PostgreSQL: one process owns its files. Two processes on one data
 * folder both start and both acknowledge writes, and one of them silently loses its writes
 * (20 of 40 in the probe). The lock makes the second process refuse to start.
 */

/** A start-up problem with DATA_DIR, meant for the operator: `main.ts` prints the message and exits 1. */
export class DataDirError extends Error {
  constructor(
    message: string,
    /** The errno code behind it (`EROFS`, `ENOSPC`, ...), or `ELOCKED` when another process holds the folder. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** Least free space DATA_DIR must have at start: a new PGlite database takes about 40 MiB. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * proper-lockfile touches the lock every `update` ms; a lock not touched for `stale` ms belongs
 * to a crashed process and is taken over. The library's defaults (10 s / 5 s).
 */
const LOCK_STALE_MS = 10_000;
const LOCK_UPDATE_MS = 5_000;
/**
 * A lock whose recorded holder is no longer running on this host is taken over once it has not
 * been touched for this long. The age requirement covers the instant between another starting
 * process creating the lock and recording its PID, when the file beside it still names the
 * previous, dead holder.
 */
const DEAD_HOLDER_MIN_AGE_MS = 1_500;
/**
 * How long start-up waits on a lock without a readable holder file before refusing: a process
 * that crashed before recording itself leaves such a lock, stale (and taken over) after 10 s.
 */
const UNKNOWN_HOLDER_WAIT_MS = LOCK_STALE_MS + 1_000;

/** Errno codes of a folder that cannot be written, with what they mean to an operator. */
const PROBLEMS: Record<string, string> = {
  EROFS: 'is on a read-only file system',
  EACCES: 'is not writable by this process (permission denied)',
  EPERM: 'is not writable by this process (operation not permitted)',
  ENOSPC: 'is on a full disk (no space left on device)',
  EDQUOT: 'is on a disk whose quota is used up',
  ENOTDIR: 'is not a folder (a file is in the way)',
  EEXIST: 'is not a folder (a file is in the way)',
  ENAMETOOLONG: 'has too long a path',
  ELOOP: 'has a symbolic link loop in its path',
};

/**
 * Maps a file-system error met while preparing `dir` to a DataDirError naming the folder and the
 * problem; errors with other codes are returned unchanged (they are bugs, not operator problems).
 */
export function describeDataDirError(dir: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && PROBLEMS[code]) {
    return new DataDirError(`DATA_DIR ${dir} ${PROBLEMS[code]} (${code}); DineDesk needs a writable folder with at least ${MIN_FREE_BYTES / 1024 / 1024} MiB free. Fix it or set DATA_DIR to another folder.`, code);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** The file-system calls the checks use; tests inject failing ones. */
export type DataDirFs = Pick<typeof nodeFs, 'mkdirSync' | 'writeFileSync' | 'fsyncSync' | 'openSync' | 'closeSync' | 'rmSync' | 'statfsSync'>;

/**
 * Checks that `dir` can hold the database: creates it, writes, syncs and removes a probe file,
 * and requires MIN_FREE_BYTES free.
 * @throws DataDirError naming the folder and the problem (read-only, permission, full disk,
 *   quota, a file in the way).
 */
export function checkDataDirWritable(dir: string, fs: DataDirFs = nodeFs): void {
  const probe = join(dir, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, randomBytes(4096));
    const fd = fs.openSync(probe, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.rmSync(probe, { force: true });
    const { bavail, bsize } = fs.statfsSync(dir);
    if (bavail * bsize < MIN_FREE_BYTES) throw Object.assign(new Error('too little free space'), { code: 'ENOSPC' });
  } catch (e) {
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      // the folder may not exist at all
    }
    throw describeDataDirError(dir, e);
  }
}

/** Who holds the lock: written beside it so that a refused process can name it. */
interface LockHolder {
  pid: number;
  hostname: string;
  since: string;
}

function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(nodeFs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.hostname === 'string' ? { pid: h.pid, hostname: h.hostname, since: String(h.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** True when `holder` may still be running. Only a PID on this host can be checked. */
function holderMayRun(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  // Our own PID in the file is a leftover of an earlier process (containers reuse PIDs).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dir: string, holder: LockHolder): DataDirError {
  return new DataDirError(
    `DATA_DIR ${dir} is in use by another DineDesk process (PID ${holder.pid} on ${holder.hostname}, since ${holder.since}). ` +
      'The embedded database (PGlite) allows one process only: stop that process, or set DATA_DIR to another folder (or DATABASE_URL to share a PostgreSQL).',
    'ELOCKED',
  );
}

/**
 * Refuses early when a running process holds `dir` (what lockDataDir would refuse), without
 * taking the lock: `npm start` asks before it starts the simulator on the same folder.
 * @throws DataDirError `ELOCKED` naming the folder and the holder's PID.
 */
export async function assertDataDirFree(dir: string): Promise<void> {
  const target = join(dir, 'pglite');
  const live = liveLocalHolder(target);
  if (live) throw inUse(dir, live);
  const locked = await lockfile.check(target, { stale: LOCK_STALE_MS, realpath: false, lockfilePath: `${target}.lock` }).catch(() => false);
  const holder = locked ? readHolder(`${target}.lock.json`) : null;
  if (holder && holderMayRun(holder)) throw inUse(dir, holder);
}

/**
 * The recorded holder of the lock on `target` when the lock exists and that holder is a running
 * process of this host, however old the lock: a holder that is paused (SIGSTOP, a debugger, a
 * suspended container) does not refresh its lock, yet still has the database open and writes
 * again when it resumes. Staleness (10 s) only decides for holders on other hosts.
 */
function liveLocalHolder(target: string): LockHolder | null {
  if (!nodeFs.existsSync(`${target}.lock`)) return null;
  const holder = readHolder(`${target}.lock.json`);
  return holder && holder.hostname === hostname() && holderMayRun(holder) ? holder : null;
}

/**
 * Takes the single-writer lock of the PGlite database in `${dir}/pglite` (proper-lockfile,
 * lock folder `${dir}/pglite.lock`, kept fresh every 5 s) and records this process in
 * `${dir}/pglite.lock.json`. A lock whose holder crashed is taken over: at once when the
 * recorded PID is no longer running on this host, else (a holder on another host) once it is
 * 10 s stale. A running holder on this host keeps it even when stale (paused, not dead).
 * @param onCompromised called when the lock is lost while running (its folder removed, or not
 *   refreshed in time); the process must stop writing.
 * @returns a function releasing the lock.
 * @throws DataDirError `ELOCKED` naming the folder and the holder's PID when another process
 *   holds it.
 */
export async function lockDataDir(dir: string, onCompromised: (err: Error) => void): Promise<() => Promise<void>> {
  const target = join(dir, 'pglite');
  const lockPath = `${target}.lock`;
  const holderFile = `${target}.lock.json`;
  const startedAt = Date.now();
  for (;;) {
    // Before proper-lockfile's own stale take-over, which would take a paused holder's lock.
    const live = liveLocalHolder(target);
    if (live) throw inUse(dir, live);
    try {
      const release = await lockfile.lock(target, { stale: LOCK_STALE_MS, update: LOCK_UPDATE_MS, realpath: false, lockfilePath: lockPath, onCompromised });
      const me: LockHolder = { pid: process.pid, hostname: hostname(), since: new Date().toISOString() };
      nodeFs.writeFileSync(holderFile, JSON.stringify(me));
      return async () => {
        nodeFs.rmSync(holderFile, { force: true });
        await release();
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw describeDataDirError(dir, e);
    }
    const holder = readHolder(holderFile);
    if (holder && holderMayRun(holder)) throw inUse(dir, holder);
    if (holder) {
      let age: number;
      try {
        age = Date.now() - nodeFs.statSync(lockPath).mtimeMs;
      } catch {
        continue; // released meanwhile: try again
      }
      if (age >= DEAD_HOLDER_MIN_AGE_MS) {
        // Ages the lock so proper-lockfile's own stale take-over removes and re-creates it.
        try {
          nodeFs.utimesSync(lockPath, 0, 0);
        } catch {
          // released meanwhile
        }
        continue;
      }
    } else if (Date.now() - startedAt > UNKNOWN_HOLDER_WAIT_MS) {
      throw new DataDirError(`DATA_DIR ${dir} is locked by another DineDesk process (${lockPath}) that did not record its PID. Stop it, or remove that folder if no DineDesk runs on ${dir}.`, 'ELOCKED');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
