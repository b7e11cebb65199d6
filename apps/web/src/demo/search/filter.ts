/**
 * The search's matching rule (docs/requirements/routes.md#global-search;
 * docs/requirements/constants.md search limit 4), kept free of React so it is tested on its own.
 *
 * An entry matches when its title (or another searchable text, e.g. a contact's email)
 * contains the query, ignoring case and accents ("francais" finds "Français"). Within a group,
 * entries whose text starts with the query come first, as in the template; each group keeps
 * at most its limit; groups keep their order. An empty query matches nothing.
 */

export interface Searchable<G extends string = string> {
  group: G;
  title: string;
  /** Further texts that match the query (not shown first in ranking over the title). */
  extra?: readonly string[];
}

/** Lower case without accents, for comparison only. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The options matching `query`, at most `limitOf(group)` per group, in group order. */
export function filterSearchOptions<G extends string, T extends Searchable<G>>(
  options: readonly T[],
  query: string,
  limitOf: (group: G) => number,
): T[] {
  const needle = normalizeForSearch(query.trim());
  if (!needle) return [];
  const groups = new Map<G, { starts: T[]; contains: T[] }>();
  for (const option of options) {
    let bucket = groups.get(option.group);
    if (!bucket) {
      bucket = { starts: [], contains: [] };
      groups.set(option.group, bucket);
    }
    const texts = [option.title, ...(option.extra ?? [])].map(normalizeForSearch);
    if (texts.some((text) => text.startsWith(needle))) bucket.starts.push(option);
    else if (texts.some((text) => text.includes(needle))) bucket.contains.push(option);
  }
  return [...groups].flatMap(([group, { starts, contains }]) => [...starts, ...contains].slice(0, limitOf(group)));
}
