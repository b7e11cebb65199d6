/**
 * Bookmarks in the navbar (spec §2, §7): the bookmarked pages of `GET /api/bookmarks/data` as
 * icon buttons (from 900 px; the navbar has no room on a phone), and a star button whose
 * popover lists every page (`suggestions`), filterable, each with a star that toggles it
 * (`POST /api/bookmarks/update {id}`). Only Calendar is bookmarked at first (the mock's data).
 *
 * Fetched after the shell renders (lazy chunk, and the call waits for the demo mock), so the
 * product's screens never wait for it. When the data cannot be had, only the star shows,
 * and its popover says so.
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
import Tooltip from '@mui/material/Tooltip';
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

/** Pages shown in the popover at once; the list scrolls beyond. */
const POPOVER_MAX_HEIGHT = 360;

/** Bookmarked pages as navbar icons plus the star popover that toggles them. */
export function Bookmarks() {
  const { t } = useTranslation('demo');
  const popoverId = useId();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const bookmarks = useBookmarks();
  const update = useUpdateBookmark();
  const open = Boolean(anchor);

  const titled = useMemo(
    () => (bookmarks.data?.suggestions ?? []).map((page) => ({ page, title: demoPageTitle(page.target, page.title, t) })),
    [bookmarks.data, t],
  );
  const shown = useMemo(() => {
    const needle = normalizeForSearch(filter.trim());
    return needle ? titled.filter(({ title }) => normalizeForSearch(title).includes(needle)) : titled;
  }, [titled, filter]);
  const bookmarked = titled.filter(({ page }) => page.isBookmarked);

  const toggle = (page: TSearchPage) => update.mutate({ id: page.id });

  return (
    <Box
      component="nav"
      aria-label={t('bookmarks.label')}
      data-testid="bookmarks"
      sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}
    >
      <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }} data-testid="bookmark-links">
        {bookmarked.map(({ page, title }) => {
          const Icon = demoIcon(page.icon);
          return (
            <Tooltip key={page.id} title={title}>
              <IconButton component={RouterLink} to={page.link} color="inherit" aria-label={title}>
                <Icon />
              </IconButton>
            </Tooltip>
          );
        })}
      </Box>
      <Tooltip title={t('bookmarks.manage')}>
        <IconButton
          data-testid="bookmarks-menu"
          color="inherit"
          aria-label={t('bookmarks.manage')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? popoverId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <StarBorder />
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor}
        onClose={() => {
          setAnchor(null);
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
                <ListItemButton component={RouterLink} to={page.link} onClick={() => setAnchor(null)}>
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
    </Box>
  );
}

export default Bookmarks;
