import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertDataDirFree, checkDataDirWritable, DataDirError, lockDataDir, MIN_FREE_BYTES, type DataDirFs } from './data-dir.ts';

/** Unit tests of the DATA_DIR checks and lock; process.test.ts runs real servers. */

const dirs: string[] = [];
const releases: Array<() => Promise<void>> = [];
function tempDir(): string {
  const d = fs.mkdtempSync(join(tmpdir(), 'dinedesk-datadir-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const r of releases.splice(0)) await r().catch(() => {});
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

describe('checkDataDirWritable', () => {
  it.each([
    ['EROFS', 'read-only file system'],
    ['EACCES', 'not writable'],
    ['ENOSPC', 'full disk'],
    ['EDQUOT', 'quota'],
    ['ENOTDIR', 'not a folder'],
  ])('maps %s on the probe write to a message naming the folder and the problem', (code, meaning) => {
    const failing: DataDirFs = { ...fs, writeFileSync: () => { throw errno(code); } };
    const err = (() => {
      try {
        checkDataDirWritable('/srv/dinedesk-data', failing);
      } catch (e) {
        return e as DataDirError;
      }
      throw new Error('no error');
    })();
    expect(err).toBeInstanceOf(DataDirError);
    expect(err.code).toBe(code);
    expect(err.message).toContain('DATA_DIR /srv/dinedesk-data');
    expect(err.message).toContain(meaning);
  });

  it('maps ENOSPC on fsync (a disk that fills while writing) too', () => {
    const failing: DataDirFs = { ...fs, fsyncSync: () => { throw errno('ENOSPC'); } };
    const dir = tempDir();
    expect(() => checkDataDirWritable(dir, failing)).toThrow(/full disk/);
    // The probe file is removed even when the check fails.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a disk with less than MIN_FREE_BYTES free', () => {
    const dir = tempDir();
    const nearlyFull: DataDirFs = { ...fs, statfsSync: ((p: string) => ({ ...fs.statfsSync(p), bavail: 1, bsize: MIN_FREE_BYTES / 2 })) as typeof fs.statfsSync };
    expect(() => checkDataDirWritable(dir, nearlyFull)).toThrow(new RegExp(`DATA_DIR ${dir} is on a full disk`));
  });

  it('passes a writable folder, creating it and leaving no probe behind', () => {
    const dir = join(tempDir(), 'nested', 'var');
    checkDataDirWritable(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses, with a message and not a bare errno, a folder that truly cannot be written', () => {
    const file = join(tempDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    expect(() => checkDataDirWritable(join(file, 'var'))).toThrow(DataDirError);
    expect(() => checkDataDirWritable(join(file, 'var'))).toThrow(/is not a folder/);
  });
});

/** A process that stays alive until killed: a live lock holder on this host. */
function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return child;
}

function plantLock(dir: string, holder: { pid: number; hostname: string }, ageMs = 0) {
  fs.mkdirSync(join(dir, 'pglite.lock'));
  fs.writeFileSync(join(dir, 'pglite.lock.json'), JSON.stringify({ ...holder, since: '2026-01-01T00:00:00.000Z' }));
  if (ageMs) {
    const t = (Date.now() - ageMs) / 1000;
    fs.utimesSync(join(dir, 'pglite.lock'), t, t);
  }
}

describe('lockDataDir', () => {
  const fail = (e: Error) => {
    throw e;
  };

  it('refuses a second holder, naming the folder and the PID that holds it', async () => {
    const dir = tempDir();
    const child = liveProcess();
    try {
      plantLock(dir, { pid: child.pid!, hostname: hostname() });
      const err = await lockDataDir(dir, fail).then(() => null, (e: DataDirError) => e);
      expect(err).toBeInstanceOf(DataDirError);
      expect(err!.code).toBe('ELOCKED');
      expect(err!.message).toContain(`DATA_DIR ${dir} is in use`);
      expect(err!.message).toContain(`PID ${child.pid}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('assertDataDirFree (npm start asks it before starting the simulator) refuses a running holder only', async () => {
    const dir = tempDir();
    await assertDataDirFree(dir);
    const child = liveProcess();
    try {
      plantLock(dir, { pid: child.pid!, hostname: hostname() });
      await expect(assertDataDirFree(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by another DineDesk process (PID ${child.pid}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('records its PID beside the lock and removes lock and record on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir, fail);
    expect(JSON.parse(fs.readFileSync(join(dir, 'pglite.lock.json'), 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() });
    await release();
    expect(fs.existsSync(join(dir, 'pglite.lock'))).toBe(false);
    expect(fs.existsSync(join(dir, 'pglite.lock.json'))).toBe(false);
  });

  it('takes over the lock of a holder that no longer runs on this host', async () => {
    const dir = tempDir();
    const child = liveProcess();
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGKILL');
    await exited;
    plantLock(dir, { pid: child.pid!, hostname: hostname() }, 2_000);
    releases.push(await lockDataDir(dir, fail));
    expect(JSON.parse(fs.readFileSync(join(dir, 'pglite.lock.json'), 'utf8')).pid).toBe(process.pid);
  });

  it('treats its own PID in the record as a leftover (containers reuse PIDs)', async () => {
    const dir = tempDir();
    plantLock(dir, { pid: process.pid, hostname: hostname() }, 2_000);
    releases.push(await lockDataDir(dir, fail));
  });

  it('refuses while the holder on this host is paused (SIGSTOP), not dead, even once its lock is stale', async () => {
    const dir = tempDir();
    // A real holder: a process that took the lock through lockDataDir and keeps it fresh.
    const holder = spawn(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(new URL('./data-dir.ts', import.meta.url).href)}).then((m) => m.lockDataDir(${JSON.stringify(dir)}, () => {})).then(() => setInterval(() => {}, 1000))`], { stdio: 'ignore' });
    try {
      await vi.waitFor(() => expect(JSON.parse(fs.readFileSync(join(dir, 'pglite.lock.json'), 'utf8')).pid).toBe(holder.pid), { timeout: 30_000, interval: 100 });
      holder.kill('SIGSTOP');
      // Paused for longer than the stale limit: its lock is not refreshed any more.
      const t = (Date.now() - 11_000) / 1000;
      fs.utimesSync(join(dir, 'pglite.lock'), t, t);
      const err = await lockDataDir(dir, fail).then((r) => (releases.push(r), null), (e: DataDirError) => e);
      expect(err?.code).toBe('ELOCKED');
      expect(err?.message).toContain(`PID ${holder.pid}`);
      await expect(assertDataDirFree(dir)).rejects.toThrow(`PID ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 40_000);

  it('respects a fresh lock of another host, and takes it over once stale (not refreshed for 10 s)', async () => {
    const dir = tempDir();
    plantLock(dir, { pid: 1, hostname: 'another-host' });
    await expect(lockDataDir(dir, fail)).rejects.toThrow(/PID 1 on another-host/);
    const t = (Date.now() - 11_000) / 1000;
    fs.utimesSync(join(dir, 'pglite.lock'), t, t);
    releases.push(await lockDataDir(dir, fail));
  });
});
