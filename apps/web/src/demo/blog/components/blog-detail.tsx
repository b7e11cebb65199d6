/**
 * A post (`/pages/blog/detail/:id`; docs/requirements/data.md#detail and calls.md `GET
 * /blog/list/data/detail`): its picture, title, author, date, categories and content (HTML from the
 * mock, sanitised), the comment and bookmark counts with the Edit button, the comments and the
 * comment form, with the sidebar beside. A missing post shows "not found"; after a save from the
 * editor a toast confirms it.
 */
import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import ModeCommentOutlined from '@mui/icons-material/ModeCommentOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useDetail } from '../api/get-detail.ts';
import { BLOG_BASE } from '../schema.ts';
import { CATEGORY_CHIP_COLORS, formatDate, initialsOf, sanitizeBlogHtml } from './blog-format.tsx';
import { BlogLayout } from './blog-layout.tsx';
import { BlogLoadProblem, usePostIdParam } from './blog-load-problem.tsx';
import { BlogSidebar } from './blog-sidebar.tsx';
import { CommentForm } from './comment-form.tsx';

export function BlogDetail() {
  const { t, i18n } = useTranslation('demo-blog');
  const id = usePostIdParam();
  const location = useLocation();
  const detail = useDetail(id ?? 0);
  const saved = (location.state as { saved?: boolean } | null)?.saved === true;
  const [toast, setToast] = useState<string | null>(saved ? t('edit.saved') : null);
  const navigate = useNavigate();
  // The "saved" note is shown once: a reload or a return to this entry does not repeat it.
  useEffect(() => {
    if (saved) void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [saved, navigate, location.pathname, location.search, location.hash]);

  if (id === undefined) return <BlogLoadProblem error="missing" />;
  if (detail.isPending) return <Skeleton variant="rounded" height={640} aria-label={t('loading')} />;
  if (detail.isError) return <BlogLoadProblem error={detail.error} />;
  const { blog, comments } = detail.data;

  return (
    <BlogLayout sidebar={<BlogSidebar />}>
      <Card component="article" aria-labelledby="blog-detail-title" variant="outlined" data-testid="blog-detail">
        <CardMedia component="img" image={blog.img} alt="" sx={{ aspectRatio: '16 / 9', maxHeight: 420 }} />
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography id="blog-detail-title" variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }} data-testid="blog-detail-title">
            {blog.title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Avatar src={blog.avatar || undefined} alt="">
              {initialsOf(blog.userFullName)}
            </Avatar>
            <Typography variant="body2" color="text.secondary">
              {t('by')} <Box component="span" sx={{ color: 'text.primary' }}>{blog.userFullName}</Box> · {formatDate(blog.createdTime, i18n.language)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap' }}>
            {blog.tags.map((tag) => (
              <Chip key={tag} label={t(`categories.${tag}`)} size="small" color={CATEGORY_CHIP_COLORS[tag]} variant="outlined" />
            ))}
          </Stack>
          <Box
            sx={{ '& p': { mt: 0, mb: 2, lineHeight: 1.75 }, '& blockquote': { borderLeft: 4, borderColor: 'primary.main', m: 0, mb: 2, pl: 2, fontStyle: 'italic', color: 'text.secondary' } }}
            // The mock's HTML, sanitised: formatting only.
            dangerouslySetInnerHTML={{ __html: sanitizeBlogHtml(blog.content) }}
            data-testid="blog-detail-content"
          />
          <Divider sx={{ my: 3 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
            <Stack direction="row" spacing={3} sx={{ color: 'text.secondary' }}>
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }} data-testid="blog-detail-comments">
                <ModeCommentOutlined fontSize="small" aria-hidden />
                {t('commentCount', { count: blog.comments })}
              </Box>
              <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                <BookmarkBorderOutlined fontSize="small" aria-hidden />
                {t('bookmarkCount', { count: blog.bookmarked })}
              </Box>
            </Stack>
            <Button component={RouterLink} to={`${BLOG_BASE}/edit/${blog.id}`} variant="outlined" startIcon={<EditNoteOutlined />} data-testid="blog-edit-link">
              {t('detail.edit')}
            </Button>
          </Box>
        </CardContent>
      </Card>

      <Box component="section" id="blog-comments" aria-labelledby="blog-comments-heading" sx={{ mt: 4 }}>
        <Typography id="blog-comments-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('detail.comments')}
        </Typography>
        {comments.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('detail.noComments')}
          </Typography>
        ) : (
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }} data-testid="blog-comments">
            {comments.map((comment, index) => (
              <Card component="li" key={`${comment.commentedAt}-${index}`} variant="outlined" data-testid="blog-comment">
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <Avatar src={comment.avatar || undefined} alt="">
                    {initialsOf(comment.userFullName)}
                  </Avatar>
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{comment.userFullName}</Typography>
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                      {formatDate(comment.commentedAt, i18n.language)}
                    </Typography>
                    <Typography variant="body2">{comment.commentText}</Typography>
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
        <Card variant="outlined">
          <CardContent>
            <CommentForm blogId={blog.id} onPosted={() => setToast(t('detail.commentPosted'))} />
          </CardContent>
        </Card>
      </Box>
      <Snackbar
        open={toast !== null}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        message={toast}
        data-testid="blog-toast"
      />
    </BlogLayout>
  );
}
