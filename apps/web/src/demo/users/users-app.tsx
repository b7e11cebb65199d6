/**
 * The user-management demo app (docs/requirements/routes.md demo routes `/apps/user/list`, `view`,
 * `edit`; docs/requirements/calls.md). It owns `/apps/user` and routes below it:
 * - `/apps/user/list`: the list (user-list.tsx);
 * - `/apps/user/view/:id`, `/apps/user/edit/:id`: a user's page and edit page;
 * - `/apps/user/view` and `/apps/user/edit` without an id (the global search's links) open the
 *   first user of the list; `/apps/user` and anything else go to the list.
 */
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useUsers } from './api/get-users.ts';
import { UserEdit } from './components/user-edit.tsx';
import { UserList } from './components/user-list.tsx';
import { UserView } from './components/user-view.tsx';

/** Sends `/apps/user/<page>` to the first user's page, or to the list when there is none. */
function FirstUser({ page }: { page: 'view' | 'edit' }) {
  const { t } = useTranslation('demo-users');
  const first = useUsers({ perPage: 1 });
  if (first.isPending) return <Skeleton variant="rounded" height={480} aria-label={t('view.loading')} />;
  if (first.isError) return <Alert severity="error">{t('list.loadFailed')}</Alert>;
  const user = first.data.users[0];
  return <Navigate replace to={user ? `/apps/user/${page}/${user.id}` : '/apps/user/list'} />;
}

/** The users screen (see the module comment). */
export default function UsersApp() {
  const { t } = useTranslation('demo-users');
  useDocumentTitle(t('title'));
  return (
    <Routes>
      <Route path="/apps/user/list" element={<UserList />} />
      <Route path="/apps/user/view" element={<FirstUser page="view" />} />
      <Route path="/apps/user/view/:id" element={<UserView />} />
      <Route path="/apps/user/edit" element={<FirstUser page="edit" />} />
      <Route path="/apps/user/edit/:id" element={<UserEdit />} />
      <Route path="*" element={<Navigate replace to="/apps/user/list" />} />
    </Routes>
  );
}
