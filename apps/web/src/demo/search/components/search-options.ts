/**
 * The entries of the search list: the user's own DineDesk screens and the mock's pages
 * (group Pages), files and contacts (docs/requirements/routes.md and data.md). Pure data shaping,
 * tested with the filter.
 */
import type { TFunction } from 'i18next';
import { SEARCH_LIMIT_PER_GROUP } from '../../../lib/constants.ts';
import type { DemoPageTarget } from '../../routes.ts';
import { DEMO_PAGES, demoPageTitleKey } from '../../routes.ts';
import type { Searchable } from '../filter.ts';
import { demoIcon, type IconComponent } from '../icons.ts';
import type { TMainSearchResponse } from '../schema.ts';

export type SearchGroupKey = 'pages' | 'files' | 'contacts';

/** A product screen offered by the app (navigation entries the user may open). */
export interface ProductSearchPage {
  id: string;
  /** Already translated. */
  title: string;
  link: string;
  icon: IconComponent;
  /** Open with a full page load (docs/requirements/routes.md Tickets). */
  reload?: boolean | undefined;
}

interface OptionBase extends Searchable<SearchGroupKey> {
  /** Unique across all groups. */
  key: string;
}
export interface PageOption extends OptionBase {
  kind: 'page';
  group: 'pages';
  link: string;
  icon: IconComponent;
  reload: boolean;
  /** A DineDesk screen rather than a template demo page. */
  product: boolean;
}
export interface FileOption extends OptionBase {
  kind: 'file';
  group: 'files';
  by: string;
  size: number;
  file: string;
}
export interface ContactOption extends OptionBase {
  kind: 'contact';
  group: 'contacts';
  email: string;
  img: string;
  date: string;
}
export type SearchOption = PageOption | FileOption | ContactOption;

const GROUP_OF = { Pages: 'pages', Files: 'files', Contacts: 'contacts' } as const;
const DEMO_TARGETS: ReadonlySet<string> = new Set(DEMO_PAGES.map((page) => page.target));

/** The translated title of a mock page; the mock's English title for targets we do not know. */
export function demoPageTitle(target: string, fallback: string, t: TFunction<'demo'>): string {
  return DEMO_TARGETS.has(target) ? t(demoPageTitleKey(target as DemoPageTarget)) : fallback;
}

/**
 * All entries in group order (pages, files, contacts), with each group's limit. Product
 * screens come first among the pages, so the user's own screens win a full group.
 */
export function buildSearchOptions(
  productPages: readonly ProductSearchPage[],
  data: TMainSearchResponse | undefined,
  t: TFunction<'demo'>,
): { options: SearchOption[]; limits: Record<SearchGroupKey, number> } {
  const limits: Record<SearchGroupKey, number> = {
    pages: SEARCH_LIMIT_PER_GROUP,
    files: SEARCH_LIMIT_PER_GROUP,
    contacts: SEARCH_LIMIT_PER_GROUP,
  };
  const pages: SearchOption[] = productPages.map((page) => ({
    kind: 'page',
    group: 'pages',
    key: `screen:${page.id}`,
    title: page.title,
    link: page.link,
    icon: page.icon,
    reload: Boolean(page.reload),
    product: true,
  }));
  const files: SearchOption[] = [];
  const contacts: SearchOption[] = [];
  for (const group of data?.searchArr ?? []) {
    // Never more than the spec's 4, whatever the data says.
    limits[GROUP_OF[group.groupTitle]] = Math.min(group.searchLimit, SEARCH_LIMIT_PER_GROUP);
    if (group.groupTitle === 'Pages') {
      for (const page of group.data) {
        pages.push({
          kind: 'page',
          group: 'pages',
          key: `page:${page.id}`,
          title: demoPageTitle(page.target, page.title, t),
          link: page.link,
          icon: demoIcon(page.icon),
          reload: false,
          product: false,
        });
      }
    } else if (group.groupTitle === 'Files') {
      group.data.forEach((file, index) =>
        files.push({ kind: 'file', group: 'files', key: `file:${index}`, ...file, extra: [file.by] }),
      );
    } else {
      group.data.forEach((contact, index) =>
        contacts.push({ kind: 'contact', group: 'contacts', key: `contact:${index}`, ...contact, extra: [contact.email] }),
      );
    }
  }
  return { options: [...pages, ...files, ...contacts], limits };
}
