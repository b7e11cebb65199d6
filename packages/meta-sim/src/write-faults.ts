/**
 * Write faults: make Graph POSTs hang, to test what a client does when a write times out
 * ("Writes to Facebook that may or may not have landed"). Real Graph sometimes
 * carries out a write and answers too late, and sometimes never gets to it; a client must read
 * back to know which happened. Two modes:
 *
 * - `apply_then_hang`: the write is carried out (the comment or message exists and is visible
 *   to reads, and its webhook goes out), then the answer is held back.
 * - `hang`: the answer is held back and the write is never carried out; once released, the
 *   request answers Graph's code 2 "service temporarily unavailable".
 *
 * Held answers wait until `release()` (or the simulator closes), never on a timer, so a test
 * decides exactly when a client's own timeout fires first. Control API: `PUT /__sim/write-fault`
 * `{mode, edge, times}`, `DELETE /__sim/write-fault` (disarm and release everything held).
 */

export type WriteFaultMode = 'apply_then_hang' | 'hang';

/** One armed fault. */
export interface WriteFault {
  mode: WriteFaultMode;
  /** Last path segment of the POSTs it applies to, e.g. `comments` or `messages`. */
  edge: string;
  /** How many matching POSTs it applies to before it disarms itself (≥ 1). */
  times: number;
}

/** Armed faults and the answers they hold back. */
export class WriteFaults {
  private armed: WriteFault | null = null;
  private readonly held = new Set<() => void>();

  /**
   * Arms a fault (replacing any other), or disarms with null. Answers already held stay held.
   * @throws Error for an unknown mode, an empty edge or `times` below 1
   */
  set(fault: WriteFault | null): WriteFault | null {
    if (fault !== null) {
      if (fault.mode !== 'apply_then_hang' && fault.mode !== 'hang') throw new Error("mode must be 'apply_then_hang' or 'hang'");
      if (typeof fault.edge !== 'string' || !/^[a-z_]+$/.test(fault.edge)) throw new Error('edge must be a Graph edge name such as comments or messages');
      if (!(Number.isInteger(fault.times) && fault.times >= 1)) throw new Error('times must be a positive integer');
    }
    this.armed = fault ? { ...fault } : null;
    return this.current();
  }

  /** The armed fault (a copy) and how many answers are held now. */
  current(): WriteFault | null {
    return this.armed ? { ...this.armed } : null;
  }

  get heldCount(): number {
    return this.held.size;
  }

  /**
   * The fault that applies to this request, counting it against `times`; null when none does.
   * @param segments Graph path segments without the version, e.g. `['123_4', 'comments']`
   */
  take(method: string, segments: readonly string[]): WriteFaultMode | null {
    const f = this.armed;
    if (!f || method !== 'POST' || segments[segments.length - 1] !== f.edge) return null;
    f.times -= 1;
    if (f.times <= 0) this.armed = null;
    return f.mode;
  }

  /** Resolves when the held answers are released. */
  hold(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.held.delete(done);
        resolve();
      };
      this.held.add(done);
    });
  }

  /** Disarms and lets every held answer go. @returns how many were held */
  release(): number {
    this.armed = null;
    const n = this.held.size;
    for (const done of [...this.held]) done();
    return n;
  }
}
