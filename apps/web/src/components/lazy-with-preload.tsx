/**
 * `React.lazy` with a way to fetch the chunk before the component is needed, for the parts of a
 * screen that only show on use (menus, drawers, tooltips; docs/requirements/quality-goals.md: first
 * signed-in screen ≤ 250 KiB gzip). The trigger calls `preload` on pointer enter or focus, and on
 * the click waits for `load` before it renders `Component`.
 *
 * Why not plain `lazy` + `Suspense`: a component that suspends is revealed by React at the
 * earliest 300 ms after its fallback showed (React 19 throttles Suspense reveals), so a menu
 * would open a third of a second late even with its chunk already fetched. `Component` renders
 * the loaded component directly when the chunk is there; it suspends (inside the caller's
 * `Suspense`) only when rendered before, e.g. a panel opened from the URL on a cold load.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface LazyWithPreload<P extends object> {
  /** The component; render it under a `Suspense` boundary in case the chunk is not there yet. */
  Component: ComponentType<P>;
  /** Starts fetching the chunk; safe to call any number of times, never throws. */
  preload: () => void;
  /**
   * Resolves once the chunk is there (at once when it already is).
   * @throws {Error} (rejects) when the chunk cannot be fetched; the next call tries again.
   */
  load: () => Promise<void>;
}

/** `load` imports the module whose default export is the component. */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyWithPreload<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | null = null;
  const once = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(once);
  function Component(props: P) {
    // Chosen once per mount: switching from one to the other would re-mount the component.
    const [Impl] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Impl, props);
  }
  return {
    Component,
    preload: () => void once().catch(() => undefined),
    load: () => once().then(() => undefined),
  };
}
