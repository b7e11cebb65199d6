/**
 * The blog's sidebar (docs/requirements/data.md#sidebar), beside the list and the detail: a search
 * of the titles (live on the list, where it is the list's `q`; elsewhere Enter opens the list with
 * it), the recent posts and the five categories, each a link to the list of that category.
 */
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSidebar } from '../api/get-sidebar.ts';
import { BLOG_BASE, type TBlogCategory } from '../schema.ts';
import { CATEGORY_CHIP_COLORS, CategoryIcon, formatDate } from './blog-format.tsx';

export interface BlogSidebarProps {
  /** The list's search, when the sidebar is beside the list (changes apply as typed). */
  search?: { value: string; onChange: (value: string) => void };
  /** The list's category, highlighted. */
  category?: TBlogCategory | undefined;
}

export function BlogSidebar({ search, category }: BlogSidebarProps) {
  const { t, i18n } = useTranslation('demo-blog');
  const navigate = useNavigate();
  const sidebar = useSidebar();
  const [draft, setDraft] = useState('');
  const value = search ? search.value : draft;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!search) void navigate(`${BLOG_BASE}/list${value.trim() ? `?${new URLSearchParams({ q: value.trim() }).toString()}` : ''}`);
  };

  return (
    <Box component="aside" aria-label={t('sidebar.label')} data-testid="blog-sidebar">
      <Box component="form" role="search" onSubmit={submit} sx={{ mb: 4 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          value={value}
          onChange={(event) => (search ? search.onChange(event.target.value) : setDraft(event.target.value))}
          placeholder={t('sidebar.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('sidebar.search'), 'data-testid': 'blog-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {sidebar.isPending ? (
        <Skeleton variant="rounded" height={320} aria-label={t('loading')} />
      ) : sidebar.isError ? (
        <Alert severity="error">{t('sidebar.loadFailed')}</Alert>
      ) : (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('sidebar.recentPosts')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 4 }} data-testid="blog-recent-posts">
            {sidebar.data.recentPosts.map((post) => (
              <Box component="li" key={post.id} sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
                <Box component="img" src={post.img} alt="" sx={{ width: 80, height: 56, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }} />
                <Box sx={{ minWidth: 0 }}>
                  <Link component={RouterLink} to={`${BLOG_BASE}/detail/${post.id}`} underline="hover" color="text.primary" sx={{ fontWeight: 500, display: 'block' }}>
                    {post.title}
                  </Link>
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(post.createdTime, i18n.language)}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('sidebar.categories')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="blog-categories">
            {sidebar.data.categories.map((item) => {
              const selected = item.category === category;
              const color = CATEGORY_CHIP_COLORS[item.category];
              return (
                <Box component="li" key={item.category} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
                  <Avatar variant="rounded" sx={(theme) => ({ width: 32, height: 32, bgcolor: alpha(theme.palette[color].main, 0.16), color: `${color}.main` })}>
                    <CategoryIcon category={item.category} fontSize="small" />
                  </Avatar>
                  <Link
                    component={RouterLink}
                    to={selected ? `${BLOG_BASE}/list` : `${BLOG_BASE}/list?${new URLSearchParams({ category: item.category }).toString()}`}
                    underline="hover"
                    color="text.primary"
                    aria-current={selected ? 'page' : undefined}
                    sx={{ fontWeight: selected ? 700 : 400 }}
                    data-testid={`blog-category-${item.category}`}
                  >
                    {t(`categories.${item.category}`)}
                  </Link>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
