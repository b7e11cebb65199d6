/**
 * Joins concurrent calls for the same key onto one running promise: a second "Sync now" press
 * while the first one's sync is still running gets the first one's answer instead of starting
 * another sync (another round of Graph calls). Once it settles, the next call starts afresh.
 * Per process; across processes the sync's job state is checked as well (the callers).
 * docs/decisions/0041-data-tracker.md
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /**
   * @returns what `work` resolves to, from the call already running for `key` when there is one
   * @throws what `work` throws (to every caller that joined it)
   */
  run(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /** Whether a call for `key` is running in this process. */
  has(key: string): boolean {
    return this.running.has(key);
  }
}
