/**
 * The blog list (`/pages/blog/list`; docs/requirements/routes.md and calls.md `GET
 * /blog/list/data`): the posts newest first as cards (picture, title, author, date, categories,
 * excerpt, comment count), with the sidebar beside them (under them on narrow screens). The search
 * (`q`, on titles) and the category live in the URL; "no results" when nothing matches.
 */
import ModeCommentOutlined from '@mui/icons-material/ModeCommentOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import { usePosts } from '../api/get-posts.ts';
import { BLOG_BASE, type TBlogPost } from '../schema.ts';
import { CATEGORY_CHIP_COLORS, formatDate, initialsOf, listParamsOf } from './blog-format.tsx';
import { BlogLayout } from './blog-layout.tsx';
import { BlogSidebar } from './blog-sidebar.tsx';

function PostCard({ post }: { post: TBlogPost }) {
  const { t, i18n } = useTranslation('demo-blog');
  const to = `${BLOG_BASE}/detail/${post.id}`;
  const headingId = `blog-post-${post.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="blog-post">
      <CardMedia component="img" image={post.img} alt="" sx={{ aspectRatio: '16 / 9' }} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          <Link component={RouterLink} to={to} underline="hover" color="text.primary" data-testid="blog-post-title">
            {post.title}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Avatar src={post.avatar || undefined} alt="" sx={{ width: 28, height: 28, fontSize: 12 }}>
            {initialsOf(post.userFullName)}
          </Avatar>
          <Typography variant="body2" color="text.secondary">
            {t('by')} <Box component="span" sx={{ color: 'text.primary' }}>{post.userFullName}</Box> · {formatDate(post.blogPosted, i18n.language)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }}>
          {post.tags.map((tag) => (
            <Chip key={tag} label={t(`categories.${tag}`)} size="small" color={CATEGORY_CHIP_COLORS[tag]} variant="outlined" />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {post.excerpt}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Link component={RouterLink} to={`${to}#blog-comments`} underline="hover" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <ModeCommentOutlined fontSize="small" aria-hidden />
            {t('commentCount', { count: post.comment })}
          </Link>
          <Button component={RouterLink} to={to} size="small" aria-label={t('readMoreAbout', { title: post.title })}>
            {t('readMore')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function BlogList() {
  const { t } = useTranslation('demo-blog');
  const [search, update] = useUrlParams();
  const params = listParamsOf(search);
  const posts = usePosts(params);
  const q = search.get('q') ?? '';

  return (
    <BlogLayout
      title={params.category ? t('list.categoryTitle', { category: t(`categories.${params.category}`) }) : t('list.title')}
      sidebar={<BlogSidebar search={{ value: q, onChange: (value) => update((next) => applyParams(next, { q: value }), { replace: true }) }} category={params.category} />}
    >
      {posts.isPending ? (
        <Skeleton variant="rounded" height={480} aria-label={t('loading')} />
      ) : posts.isError ? (
        <Alert severity="error">{t('list.loadFailed')}</Alert>
      ) : posts.data.length === 0 ? (
        <Card variant="outlined" role="status" data-testid="blog-no-results">
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="h2">
              {t('list.noResults')}
            </Typography>
            <Typography color="text.secondary">{t('list.noResultsText')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="blog-list">
          {posts.data.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </Box>
      )}
    </BlogLayout>
  );
}
