/**
 * A user's edit page (`/apps/user/edit/:id`): the Account tab with the user form (user-form.ts),
 * Save changes (this app's update-user call) and Reset. A missing user shows "not found".
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import type { TUser } from '../schema.ts';
import { StatusChip, UserAvatar } from './user-badges.tsx';
import { UserFields } from './user-fields.tsx';
import { cleanUserForm, formFromUser, validateUserForm } from './user-form.ts';
import { UserLoadProblem, useUserIdParam } from './user-view.tsx';

function AccountForm({ user }: { user: TUser }) {
  const { t } = useTranslation('demo-users');
  const [values, setValues] = useState(() => formFromUser(user));
  const [submitted, setSubmitted] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const updateUser = useUpdateUser();
  const errors = submitted ? validateUserForm(values) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateUserForm(values)).length > 0) return;
    updateUser.mutate(
      { ...user, ...cleanUserForm(values) },
      { onSuccess: () => setToast(t('edit.saved')), onError: () => setToast(t('edit.failed')) },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="user-edit-form">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <UserAvatar user={user} size={72} />
        <Box>
          <Typography variant="h6" component="h2">
            {user.fullName}
          </Typography>
          <StatusChip status={user.status} />
        </Box>
      </Box>
      <UserFields values={values} errors={errors} onChange={setValues} withStatus columns={6} testIdPrefix="user-edit" />
      <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={updateUser.isPending} data-testid="user-edit-save">
          {t('edit.save')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => {
            setValues(formFromUser(user));
            setSubmitted(false);
          }}
        >
          {t('edit.reset')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button component={RouterLink} to={`/apps/user/view/${user.id}`}>
          {t('edit.toView')}
        </Button>
      </Stack>
      <Snackbar open={toast !== null} autoHideDuration={4000} onClose={() => setToast(null)} message={toast ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}

/** The user edit screen (see the module comment). */
export function UserEdit() {
  const { t } = useTranslation('demo-users');
  const id = useUserIdParam();
  const user = useUser(id);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('edit.title')}
      </Typography>
      {id === null || user.isError ? (
        <UserLoadProblem error={user.error ?? new DemoRequestError('No such user', 404)} onRetry={() => void user.refetch()} />
      ) : (
        <Card>
          <Tabs value="account" aria-label={t('edit.tabs')} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="account" label={t('edit.account')} icon={<PersonOutline />} iconPosition="start" />
          </Tabs>
          <CardContent>
            {user.isPending ? (
              <Skeleton variant="rounded" height={360} aria-label={t('view.loading')} />
            ) : (
              <AccountForm key={user.data.id} user={user.data} />
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
