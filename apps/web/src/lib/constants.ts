/**
 * Business constants of spec §9 that the web app uses, in one place so a change is one edit.
 * (The Facebook popup size and socket timings belong to their features.)
 */

/** Ripple effect time-out in milliseconds (spec §9 "ripple time-out 500 ms"). */
export const RIPPLE_TIMEOUT_MS = 500;

/** Results shown per group of the global search (spec §2, §9 "Search limit 4 per group"). */
export const SEARCH_LIMIT_PER_GROUP = 4;

/** Language used when the chosen one lacks a string (spec §3, §9 "fallback language en"). */
export const FALLBACK_LANGUAGE = 'en';
