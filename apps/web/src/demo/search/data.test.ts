/**
 * The search demo's data (docs/requirements/routes.md, data.md and calls.md): the template's
 * initial state, valid against the schema the client checks answers with, with every image it
 * points to shipped in `public/`.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PAGES } from '../routes.ts';
import { createSearchDb, searchArrOf } from './data.ts';
import { ZMainSearchResponse } from './schema.ts';


describe('search demo data', () => {
  it('answers a valid searchArr with the three groups and the limit of 4', () => {
    const { searchArr } = ZMainSearchResponse.parse({ searchArr: searchArrOf(createSearchDb()) });
    expect(searchArr.map((group) => [group.groupTitle, group.searchLimit])).toEqual([
      ['Pages', 4],
      ['Files', 4],
      ['Contacts', 4],
    ]);
  });

  it('has every demo page once, only Calendar bookmarked', () => {
    const { pages } = createSearchDb();
    expect(pages).toHaveLength(DEMO_PAGES.length);
    expect(new Set(pages.map((page) => page.id)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.link)).size).toBe(pages.length);
    expect(pages.filter((page) => page.isBookmarked).map((page) => page.title)).toEqual(['Calendar']);
  });

  it('ships every file icon and avatar it refers to', () => {
    // Vite lists the files at build time; the loaders are never called.
    const shipped = Object.keys(import.meta.glob('../../../public/demo/**/*.svg')).map((path) =>
      path.replace('../../../public', ''),
    );
    const { files, contacts } = createSearchDb();
    const assets = [...files.map((file) => file.file), ...contacts.map((contact) => contact.img)];
    for (const asset of assets) expect(shipped, asset).toContain(asset);
  });

  it('gives each test its own copy', () => {
    const first = createSearchDb();
    const page = first.pages[0];
    if (page) page.isBookmarked = true;
    expect(createSearchDb().pages[0]?.isBookmarked).toBe(false);
  });
});
