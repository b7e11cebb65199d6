import { describe, expect, it } from 'vitest';
import { filterSearchOptions, normalizeForSearch } from './filter.ts';

type Group = 'pages' | 'files';
const option = (group: Group, title: string, extra?: string[]) => ({ group, title, ...(extra ? { extra } : {}) });
const limit4 = () => 4;

describe('filterSearchOptions (at most 4 per group)', () => {
  const options = [
    option('pages', 'Invoice List'),
    option('pages', 'Invoice Preview'),
    option('pages', 'Invoice Edit'),
    option('pages', 'Invoice Add'),
    option('pages', 'Add Invoice Wizard'),
    option('pages', 'Calendar'),
    option('files', 'Invoice 1024', ['Tony Stark']),
    option('files', 'Class Notes', ['Barry Allen']),
  ];

  it('keeps at most the limit per group, groups in order', () => {
    const result = filterSearchOptions(options, 'invoice', limit4);
    expect(result.map((o) => `${o.group}:${o.title}`)).toEqual([
      'pages:Invoice List',
      'pages:Invoice Preview',
      'pages:Invoice Edit',
      'pages:Invoice Add',
      'files:Invoice 1024',
    ]);
  });

  it('ranks titles starting with the query before titles containing it', () => {
    const result = filterSearchOptions(options, 'add', limit4);
    expect(result.map((o) => o.title)).toEqual(['Add Invoice Wizard', 'Invoice Add']);
  });

  it('matches extra texts, ignores case and accents, and matches nothing when empty', () => {
    expect(filterSearchOptions(options, 'BARRY', limit4).map((o) => o.title)).toEqual(['Class Notes']);
    expect(filterSearchOptions([option('pages', 'Français')], 'francais', limit4)).toHaveLength(1);
    expect(filterSearchOptions(options, '   ', limit4)).toEqual([]);
    expect(filterSearchOptions(options, 'zzz', limit4)).toEqual([]);
  });

  it('uses each group’s own limit', () => {
    const result = filterSearchOptions(options, 'i', (group) => (group === 'pages' ? 2 : 1));
    expect(result.filter((o) => o.group === 'pages')).toHaveLength(2);
    expect(result.filter((o) => o.group === 'files')).toHaveLength(1);
  });

  it('normalizes for comparison only', () => {
    expect(normalizeForSearch('Écran Ação')).toBe('ecran acao');
  });
});
