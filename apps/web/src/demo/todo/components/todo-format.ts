/**
 * Pure helpers of the todo screens: the list's query in the URL (filters and sort in
 * the URL query), tag colours (theme palette names, so both skins work), initials and due dates
 * in the reader's language.
 */
import { TODO_FILTERS, TODO_SORTS, TODO_TAGS, type TaskListParams, type TTodoFilter, type TTodoSort, type TTodoTag } from '../schema.ts';

export const TODO_BASE = '/apps/todo';

/** Palette colour of each tag (the template: team blue, low green, medium amber, high red, update cyan). */
export const TAG_COLORS: Readonly<Record<TTodoTag, 'primary' | 'success' | 'warning' | 'error' | 'info'>> = {
  team: 'primary',
  low: 'success',
  medium: 'warning',
  high: 'error',
  update: 'info',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The list params of the URL's query; unknown values are left out (the default list). */
export function taskParamsOf(search: URLSearchParams): TaskListParams {
  const params: TaskListParams = {};
  const q = search.get('q');
  if (q) params.q = q;
  const filter = oneOf<TTodoFilter>(TODO_FILTERS, search.get('filter'));
  if (filter) params.filter = filter;
  const tag = oneOf<TTodoTag>(TODO_TAGS, search.get('tag'));
  if (tag) params.tag = tag;
  const sortBy = oneOf<TTodoSort>(TODO_SORTS, search.get('sortBy'));
  if (sortBy && sortBy !== 'latest') params.sortBy = sortBy;
  return params;
}

/** The query string of `params` (empty values and the default order left out), with its `?`. */
export function searchOf(params: TaskListParams): string {
  const search = new URLSearchParams();
  if (params.filter) search.set('filter', params.filter);
  if (params.tag) search.set('tag', params.tag);
  if (params.q) search.set('q', params.q);
  if (params.sortBy && params.sortBy !== 'latest') search.set('sortBy', params.sortBy);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Initials of a name for an avatar ("Ada Lovelace" → "AL"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** A due date (`YYYY-MM-DD`) as day and month, read in UTC so the day never shifts. */
export function formatDue(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Today as a local `YYYY-MM-DD`, to compare due dates with. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
