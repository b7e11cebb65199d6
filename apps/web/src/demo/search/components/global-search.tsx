/**
 * The navbar's search button (docs/requirements/routes.md global search). Opens with a click,
 * Ctrl+K / ⌘K, or "/" when no text field has focus. The dialog, its data call and the demo icons
 * are a chunk of their own, fetched on first hover, focus or open; the demo mock that answers the
 * data call starts then too (demo/mock/start.ts), never on page load, so product screens do not
 * download it and the results still come within a second of opening.
 */
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';
import { startDemoMock } from '../../mock/start.ts';
import type { ProductSearchPage } from './search-options.ts';

const loadDialog = () => import('./search-dialog.tsx');
const SearchDialog = lazy(loadDialog);

/** Fetches the dialog's chunk and starts the demo mock that answers its data call. */
function preloadSearch(): void {
  void startDemoMock();
  void loadDialog().catch(() => undefined);
}

/** Whether a key press happens while the user is typing somewhere. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** True for the keyboard shortcuts that open the search. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (event.altKey) return false;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}

export interface GlobalSearchProps {
  /** The product's own screens the user may open (docs/requirements/roles.md), searched next to the
   * demo pages. */
  productPages: readonly ProductSearchPage[];
}

/** The navbar's search button and keyboard shortcut; mounts the dialog on first use. */
export function GlobalSearch({ productPages }: GlobalSearchProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
  const shortcut = mac ? '⌘K' : 'Ctrl+K';

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      // The dialog's chunk and the mock load side by side, not one after the other.
      preloadSearch();
      setRequested(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <LazyTooltip title={t('layout.searchShortcut', { shortcut })}>
        <IconButton
          data-testid="search-toggle"
          color="inherit"
          aria-label={t('layout.search')}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K /"
          onMouseEnter={preloadSearch}
          onFocus={preloadSearch}
          onClick={() => {
            preloadSearch();
            setRequested(true);
            setOpen(true);
          }}
          sx={{ flexShrink: 0 }}
        >
          <SearchIcon />
        </IconButton>
      </LazyTooltip>
      {requested && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} productPages={productPages} />
        </Suspense>
      )}
    </>
  );
}
