/**
 * Where a demo area's mock data lives: for the browser session, surviving a
 * reload, so a demo visitor's edits (a task added, an email sent to trash) do not vanish on
 * refresh; in tests, in memory, fresh for each test.
 *
 * The data must be plain JSON (dates as ISO strings). The browser copy is kept in
 * `sessionStorage` under `dinedesk.demo.<area>.v<version>`: a closed tab forgets it, like the
 * template's in-memory mock, and a stored copy that cannot be read (another version, a full or
 * blocked storage) is replaced by fresh data rather than breaking the area.
 */

/** A demo area's mutable data: handlers change `data` in place, then call `save()`. */
export interface DemoState<T> {
  readonly data: T;
  /** Keeps the current `data` (a no-op in memory). Call it after every change. */
  save(): void;
}

/** Data that lives as long as this object: tests, and browsers without sessionStorage. */
export function memoryState<T>(create: () => T): DemoState<T> {
  const data = create();
  return { data, save: () => undefined };
}

/** Bump when an area's data shape changes, so an old stored copy is dropped. */
export interface SessionStateOptions {
  version?: number;
}

/**
 * Data kept in `sessionStorage` under `dinedesk.demo.<area>.v<version>`, created by `create`
 * when nothing (readable) is stored. Never throws: without storage it behaves like
 * {@link memoryState}.
 * @param area the demo area's folder name, e.g. `email`
 */
export function sessionState<T>(area: string, create: () => T, { version = 1 }: SessionStateOptions = {}): DemoState<T> {
  const key = `dinedesk.demo.${area}.v${version}`;
  const storage = sessionStorageOrNull();
  let data: T | undefined;
  if (storage) {
    try {
      const stored = storage.getItem(key);
      if (stored !== null) data = JSON.parse(stored) as T;
    } catch {
      data = undefined;
    }
  }
  const state = data ?? create();
  return {
    data: state,
    save() {
      try {
        storage?.setItem(key, JSON.stringify(state));
      } catch {
        // A full or blocked storage only costs the copy across a reload.
      }
    },
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
