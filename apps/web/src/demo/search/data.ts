/**
 * The search demo's in-memory data, as the template ships it (docs/requirements/routes.md and
 * data.md): every demo page (demo/routes.ts) with its English title, only Calendar bookmarked;
 * sample files and contacts. Each call to {@link createSearchDb} returns fresh copies, so the
 * browser worker and every test start from this initial state, and bookmark toggles change only
 * their own.
 */
import en from '../../locales/en/demo.json';
import { SEARCH_LIMIT_PER_GROUP } from '../../lib/constants.ts';
import { DEFAULT_BOOKMARK_TARGETS, DEMO_PAGES } from '../routes.ts';
import type { TSearchContact, TSearchFile, TSearchGroup, TSearchPage } from './schema.ts';

const asset = (path: string) => `${import.meta.env.BASE_URL}demo/${path}`;

const KB = 1024;
const MB = 1024 * KB;

const FILES: readonly TSearchFile[] = [
  { title: 'Passport Image', by: 'Oliver Queen', size: 52 * KB, file: asset('file-icons/jpg.svg') },
  { title: 'Parenting Guide', by: 'Alfred Pennyworth', size: Math.round(2.3 * MB), file: asset('file-icons/doc.svg') },
  { title: 'Class Notes', by: 'Barry Allen', size: 30 * KB, file: asset('file-icons/doc.svg') },
  { title: 'Class Attendance', by: 'Walter White', size: 52 * MB, file: asset('file-icons/xls.svg') },
  { title: 'Invoice 1024', by: 'Tony Stark', size: 184 * KB, file: asset('file-icons/pdf.svg') },
  { title: 'Project Proposal', by: 'Bruce Wayne', size: Math.round(1.1 * MB), file: asset('file-icons/pdf.svg') },
  { title: 'Meeting Notes', by: 'Diana Prince', size: 12 * KB, file: asset('file-icons/txt.svg') },
  { title: 'Brand Assets', by: 'Clark Kent', size: 24 * MB, file: asset('file-icons/zip.svg') },
  { title: 'Sales Report', by: 'Selina Kyle', size: 420 * KB, file: asset('file-icons/xls.svg') },
];

const CONTACTS: readonly TSearchContact[] = [
  { title: 'John Doe', email: 'john-doe@example.com', img: asset('avatars/avatar-1.svg'), date: '2019-05-21' },
  { title: 'Michal Clark', email: 'michal-clark@example.com', img: asset('avatars/avatar-2.svg'), date: '2019-05-14' },
  { title: 'Milena Gibson', email: 'milena-gibson@example.com', img: asset('avatars/avatar-3.svg'), date: '2019-04-30' },
  { title: 'Anna Strong', email: 'anna-strong@example.com', img: asset('avatars/avatar-4.svg'), date: '2019-04-17' },
  { title: 'Mark Bell', email: 'mark-bell@example.com', img: asset('avatars/avatar-5.svg'), date: '2019-03-28' },
  { title: 'Mary Hart', email: 'mary-hart@example.com', img: asset('avatars/avatar-6.svg'), date: '2019-03-02' },
  { title: 'Jake Russell', email: 'jake-russell@example.com', img: asset('avatars/avatar-7.svg'), date: '2019-02-11' },
  { title: 'Joan Morris', email: 'joan-morris@example.com', img: asset('avatars/avatar-8.svg'), date: '2019-01-19' },
];

/** The mutable state behind the search and bookmark handlers. */
export interface SearchDb {
  pages: TSearchPage[];
  files: TSearchFile[];
  contacts: TSearchContact[];
}

/** A fresh copy of the template's initial search data. */
export function createSearchDb(): SearchDb {
  return {
    pages: DEMO_PAGES.map((page) => ({
      id: page.id,
      target: page.target,
      title: en.pages[page.target],
      icon: page.icon,
      link: page.link,
      isBookmarked: DEFAULT_BOOKMARK_TARGETS.includes(page.target),
    })),
    files: FILES.map((file) => ({ ...file })),
    contacts: CONTACTS.map((contact) => ({ ...contact })),
  };
}

/** `searchArr` of `GET /api/main-search/data`: copies, so callers cannot change the db. */
export function searchArrOf(db: SearchDb): TSearchGroup[] {
  return [
    { groupTitle: 'Pages', searchLimit: SEARCH_LIMIT_PER_GROUP, data: db.pages.map((page) => ({ ...page })) },
    { groupTitle: 'Files', searchLimit: SEARCH_LIMIT_PER_GROUP, data: db.files.map((file) => ({ ...file })) },
    { groupTitle: 'Contacts', searchLimit: SEARCH_LIMIT_PER_GROUP, data: db.contacts.map((c) => ({ ...c })) },
  ];
}
