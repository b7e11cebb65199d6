/**
 * The bookmark popover (docs/requirements/routes.md and calls.md): every page of `GET
 * /api/bookmarks/data` (`suggestions`), filterable, each with a star that toggles it (`POST
 * /api/bookmarks/update {id}`). A chunk of its own, fetched when the star button is first hovered,
 * focused or pressed (bookmarks.tsx); mounting it asks for the data, which starts the demo mock
 * (demo/mock/start.ts).
 */
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBookmarks } from '../api/get-bookmarks.ts';
import { useUpdateBookmark } from '../api/update-bookmark.ts';
import { normalizeForSearch } from '../filter.ts';
import { demoIcon } from '../icons.ts';
import type { TSearchPage } from '../schema.ts';
import { demoPageTitle } from './search-options.ts';

/** Height of the page list in px; it scrolls beyond. */
const POPOVER_MAX_HEIGHT = 360;

export interface BookmarksPopoverProps {
  /** Element id of the popover (the star button's `aria-controls`). */
  id: string;
  /** The star button; null while closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The popover listing every page with its bookmark star. */
export function BookmarksPopover({ id, anchor, onClose }: BookmarksPopoverProps) {
  const { t } = useTranslation('demo');
  const titleId = useId();
  const [filter, setFilter] = useState('');
  const bookmarks = useBookmarks();
  const update = useUpdateBookmark();

  const titled = useMemo(
    () => (bookmarks.data?.suggestions ?? []).map((page) => ({ page, title: demoPageTitle(page.target, page.title, t) })),
    [bookmarks.data, t],
  );
  const shown = useMemo(() => {
    const needle = normalizeForSearch(filter.trim());
    return needle ? titled.filter(({ title }) => normalizeForSearch(title).includes(needle)) : titled;
  }, [titled, filter]);

  const toggle = (page: TSearchPage) => update.mutate({ id: page.id });

  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={() => {
        onClose();
        setFilter('');
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('bookmarks.title')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t('bookmarks.find')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'bookmarks-filter' } }}
        />
      </Box>
      {bookmarks.isError && (
        <Alert severity="info" sx={{ mx: 2, mb: 2 }}>
          {t('bookmarks.unavailable')}
        </Alert>
      )}
      {update.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {t('bookmarks.failed')}
        </Alert>
      )}
      {bookmarks.isSuccess && shown.length === 0 && (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('bookmarks.empty')}
        </Typography>
      )}
      <List dense data-testid="bookmark-suggestions" sx={{ maxHeight: POPOVER_MAX_HEIGHT, overflowY: 'auto', pt: 0 }}>
        {shown.map(({ page, title }) => {
          const Icon = demoIcon(page.icon);
          return (
            <ListItem
              key={page.id}
              disablePadding
              data-testid="bookmark-suggestion"
              secondaryAction={
                <IconButton
                  edge="end"
                  onClick={() => toggle(page)}
                  aria-pressed={page.isBookmarked}
                  aria-label={t(page.isBookmarked ? 'bookmarks.remove' : 'bookmarks.add', { page: title })}
                  data-testid="bookmark-star"
                  sx={{ color: page.isBookmarked ? 'warning.main' : 'text.secondary' }}
                >
                  {page.isBookmarked ? <Star /> : <StarBorder />}
                </IconButton>
              }
            >
              <ListItemButton component={RouterLink} to={page.link} onClick={onClose}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={title} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Popover>
  );
}

export default BookmarksPopover;
