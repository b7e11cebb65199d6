/**
 * Emotion cache for right-to-left (docs/requirements/data.md RTL setting; MUI's documented set-up):
 * the stylis plugin mirrors physical CSS (margin-left → margin-right, …) of every MUI component and
 * `sx`. A module of its own so the plugin is fetched only when someone turns RTL on.
 *
 * Emotion's default prefixer plugin is left out: the build targets ES2022 browsers, which need
 * no vendor prefixes, and `stylis` ships no types to import it by.
 */
import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';

export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
