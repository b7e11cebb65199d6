/**
 * Bookmarks in the navbar (docs/requirements/routes.md and calls.md): the bookmarked pages as icon
 * buttons (from 900 px; the navbar has no room on a phone), and a star button whose popover lists
 * every page with a star that toggles it (bookmarks-popover.tsx). Only Calendar is bookmarked at
 * first.
 *
 * Nothing here starts the demo mock by itself (docs/requirements/quality-goals.md: not on product
 * screens; docs/decisions/0018-web-delivery.md). Until something has started it, the links are the
 * template's default bookmarks ({@link DEFAULT_BOOKMARK_TARGETS}), which is exactly what the
 * mock would answer: its data is made fresh on every page load. Once the mock runs (the star's
 * popover, the search or a demo route started it), the links follow `GET /api/bookmarks/data`.
 * Hovering or focusing the star starts it and fetches the popover, so the list is there
 * within a second of the click. When the data cannot be had, only the star shows, and its
 * popover says so.
 */
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';
import { demoMockRequested, startDemoMock, subscribeDemoMockRequested } from '../../mock/start.ts';
import { DEFAULT_BOOKMARK_TARGETS, DEMO_PAGES } from '../../routes.ts';
import { bookmarksQueryOptions } from '../api/get-bookmarks.ts';
import { demoIcon } from '../icons.ts';
import { demoPageTitle } from './search-options.ts';

const loadPopover = () => import('./bookmarks-popover.tsx');
const BookmarksPopover = lazy(loadPopover);

/** The template's initial bookmarks, as the mock's data starts out (search/data.ts). */
const DEFAULT_BOOKMARKS = DEMO_PAGES.filter((page) => DEFAULT_BOOKMARK_TARGETS.includes(page.target)).map((page) => ({
  ...page,
  title: page.target,
}));

/** True once the demo mock has been asked for on this page. */
function useDemoMockRequested(): boolean {
  return useSyncExternalStore(subscribeDemoMockRequested, demoMockRequested, () => false);
}

/** Bookmarked pages as navbar icons plus the star button that opens the popover. */
export function Bookmarks() {
  const { t } = useTranslation('demo');
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [requested, setRequested] = useState(false);
  const mockRequested = useDemoMockRequested();
  const bookmarks = useQuery({ ...bookmarksQueryOptions(), enabled: mockRequested });
  const open = Boolean(anchor);
  const links = bookmarks.isError ? [] : (bookmarks.data?.bookmarks ?? DEFAULT_BOOKMARKS);

  const prepare = () => {
    void startDemoMock();
    void loadPopover().catch(() => undefined);
  };

  return (
    <Box
      component="nav"
      aria-label={t('bookmarks.label')}
      data-testid="bookmarks"
      sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}
    >
      <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }} data-testid="bookmark-links">
        {links.map((page) => {
          const Icon = demoIcon(page.icon);
          const title = demoPageTitle(page.target, page.title, t);
          return (
            <LazyTooltip key={page.id} title={title}>
              <IconButton component={RouterLink} to={page.link} color="inherit" aria-label={title}>
                <Icon />
              </IconButton>
            </LazyTooltip>
          );
        })}
      </Box>
      <LazyTooltip title={t('bookmarks.manage')}>
        <IconButton
          data-testid="bookmarks-menu"
          color="inherit"
          aria-label={t('bookmarks.manage')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          onMouseEnter={prepare}
          onFocus={prepare}
          onClick={(event) => {
            prepare();
            setRequested(true);
            setAnchor(event.currentTarget);
          }}
        >
          <StarBorder />
        </IconButton>
      </LazyTooltip>
      {requested && (
        <Suspense fallback={null}>
          <BookmarksPopover id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </Box>
  );
}

export default Bookmarks;
