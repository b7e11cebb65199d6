/**
 * Applies the layout settings to MUI (docs/requirements/data.md): the skin's theme, the direction,
 * and for right-to-left the mirroring Emotion cache, which is fetched on first use.
 *
 * The cache provider is always present (LTR uses a plain cache) so that switching direction
 * re-renders rather than remounts the app: open panels and typed text stay as they were.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLayoutSettings } from '../layout/layout-settings-store.ts';
import { applyDocumentLayout } from '../lib/layout-settings.ts';
import { createAppTheme } from '../lib/theme.ts';

const ltrCache = createCache({ key: 'mui' });

let rtlCachePromise: Promise<EmotionCache> | null = null;
function loadRtlCache(): Promise<EmotionCache> {
  rtlCachePromise ??= import('./rtl-cache.ts').then((module) => module.rtlCache);
  return rtlCachePromise;
}

// A stored RTL choice starts the download with this chunk, before anything renders.
if (useLayoutSettings.getState().direction === 'rtl') void loadRtlCache().catch(() => undefined);

/** Theme, baseline styles and Emotion cache of the current skin and direction. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const skin = useLayoutSettings((state) => state.skin);
  const direction = useLayoutSettings((state) => state.direction);
  const theme = useMemo(() => createAppTheme({ skin, direction }), [skin, direction]);
  const [rtlCache, setRtlCache] = useState<EmotionCache | null>(null);

  // `<html dir>` and `data-skin` follow too (main.tsx sets them before the first render).
  useEffect(() => applyDocumentLayout({ skin, direction }), [skin, direction]);

  useEffect(() => {
    if (direction !== 'rtl' || rtlCache) return;
    let live = true;
    loadRtlCache().then(
      (cache) => live && setRtlCache(cache),
      // Without the plugin MUI still lays out right-to-left, only some spacing stays mirrored.
      (error: unknown) => console.error('Could not load right-to-left styles', error),
    );
    return () => {
      live = false;
    };
  }, [direction, rtlCache]);

  return (
    <CacheProvider value={direction === 'rtl' && rtlCache ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
