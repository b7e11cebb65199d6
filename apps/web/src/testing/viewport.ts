/**
 * Viewport width for tests. jsdom has no `matchMedia`, so MUI's `useMediaQuery` sees no match
 * and the app lays out as on a phone (menu in a drawer). `setViewportWidth(1280)` answers
 * `min-width` / `max-width` queries as a browser of that width would.
 */
import { vi } from 'vitest';

function matches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
}

/** Stubs `window.matchMedia` for a viewport `width` px wide (undone by `vi.unstubAllGlobals`). */
export function setViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const list: MediaQueryList = {
      matches: matches(query, width),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
    return list;
  });
}
