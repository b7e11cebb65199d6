/**
 * Business constants in docs/requirements/constants.md that the web app uses, in one place so a
 * change is one edit. (The Facebook popup size and socket timings belong to their features.)
 */

/** Ripple effect time-out in milliseconds (docs/requirements/constants.md#interface). */
export const RIPPLE_TIMEOUT_MS = 500;

/** Results shown per group of the global search (docs/requirements/routes.md and
 * constants.md#search-and-paging). */
export const SEARCH_LIMIT_PER_GROUP = 4;

/** Language used when the chosen one lacks a string (docs/requirements/data.md and
 * constants.md#interface). */
export const FALLBACK_LANGUAGE = 'en';
