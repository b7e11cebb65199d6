/**
 * The blog demo (docs/requirements/routes.md demo routes `/pages/blog/list`, `detail`, `edit`;
 * docs/requirements/data.md and calls.md). It owns `/pages/blog` and routes below it:
 * - `/pages/blog/list`: the list (`?q`, `?category`) with the sidebar;
 * - `/pages/blog/detail/:id`, `/pages/blog/edit/:id`: a post and its editor;
 * - `/pages/blog/detail` and `/pages/blog/edit` without an id (the global search's links) open
 *   the newest post; `/pages/blog` and anything else go to the list.
 */
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useNewestPostId } from './api/get-detail.ts';
import { BlogDetail } from './components/blog-detail.tsx';
import { BlogEdit } from './components/blog-edit.tsx';
import { BlogList } from './components/blog-list.tsx';
import { BLOG_BASE } from './schema.ts';

/** Sends `/pages/blog/<page>` to the newest post. */
function NewestPost({ page }: { page: 'detail' | 'edit' }) {
  const { t } = useTranslation('demo-blog');
  const newest = useNewestPostId();
  if (newest.isPending) return <Skeleton variant="rounded" height={640} aria-label={t('loading')} />;
  if (newest.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  return <Navigate replace to={`${BLOG_BASE}/${page}/${newest.data}`} />;
}

/** The blog screen (see the module comment). */
export default function BlogApp() {
  const { t } = useTranslation('demo-blog');
  useDocumentTitle(t('title'));
  return (
    <Routes>
      <Route path={`${BLOG_BASE}/list`} element={<BlogList />} />
      <Route path={`${BLOG_BASE}/detail`} element={<NewestPost page="detail" />} />
      <Route path={`${BLOG_BASE}/detail/:id`} element={<BlogDetail />} />
      <Route path={`${BLOG_BASE}/edit`} element={<NewestPost page="edit" />} />
      <Route path={`${BLOG_BASE}/edit/:id`} element={<BlogEdit />} />
      <Route path="*" element={<Navigate replace to={`${BLOG_BASE}/list`} />} />
    </Routes>
  );
}
