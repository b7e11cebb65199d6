/**
 * "Add New User" (docs/requirements/calls.md `POST /apps/users/add-user` → 201): a drawer from the
 * right with the user form, validated on submit (user-form.ts). Submit adds the user and closes the
 * drawer; a refused call keeps it open with the reason. Escape and Cancel close it.
 */
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddUser } from '../api/add-user.ts';
import type { TUser } from '../schema.ts';
import { UserFields } from './user-fields.tsx';
import { cleanUserForm, EMPTY_USER_FORM, validateUserForm } from './user-form.ts';

export interface AddUserDrawerProps {
  open: boolean;
  onClose: () => void;
  onAdded: (user: TUser) => void;
}

/** The Add New User drawer (see the module comment). Re-mount it (`key`) for a fresh form. */
export function AddUserDrawer({ open, onClose, onAdded }: AddUserDrawerProps) {
  const { t } = useTranslation('demo-users');
  const titleId = useId();
  const [values, setValues] = useState(EMPTY_USER_FORM);
  const [submitted, setSubmitted] = useState(false);
  const addUser = useAddUser();
  const errors = submitted ? validateUserForm(values) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateUserForm(values)).length > 0) return;
    const { status, ...rest } = cleanUserForm(values);
    addUser.mutate({ ...rest, status, avatar: '' }, { onSuccess: onAdded });
  };

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 }, role: 'dialog', 'aria-labelledby': titleId } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('add.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('actions.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box component="form" noValidate onSubmit={submit} sx={{ p: 2.5, overflowY: 'auto' }} data-testid="user-add-form">
        <Stack spacing={2.5}>
          {addUser.isError && <Alert severity="error">{t('add.failed')}</Alert>}
          <UserFields values={values} errors={errors} onChange={setValues} testIdPrefix="user-add" />
          <Stack direction="row" spacing={1.5}>
            <Button type="submit" variant="contained" disabled={addUser.isPending} data-testid="user-add-submit">
              {t('actions.submit')}
            </Button>
            <Button variant="outlined" color="inherit" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}
