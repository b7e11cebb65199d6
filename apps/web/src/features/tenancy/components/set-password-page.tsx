/**
 * `/set-password?token=…` (issue #4): an invited user (a new client's owner, or a user invited
 * by an owner) chooses a password; the invitation is single use and valid for 7 days. On
 * success the user is signed in and goes to the reviews.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { setPassword } from '../api/set-password.ts';

/** Same bounds as the server (targets.md: 8–128 characters). */
const MIN = 8;
const MAX = 128;

export default function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN || password.length > MAX) return setError(t('tenancy.passwordLength', { min: MIN, max: MAX }));
    if (password !== confirm) return setError(t('tenancy.passwordMismatch'));
    setPending(true);
    setError(null);
    try {
      await setPassword(token, password);
      void navigate(PATHS.reviews, { replace: true });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent component="form" onSubmit={(e) => void submit(e)}>
          <Stack spacing={2}>
            <Typography variant="h5">{t('tenancy.setPasswordTitle')}</Typography>
            {!token && <Alert severity="error">{t('tenancy.invalidLink')}</Alert>}
            <TextField type="password" label={t('tenancy.newPassword')} value={password} onChange={(e) => setPasswordValue(e.target.value)} autoComplete="new-password" required />
            <TextField type="password" label={t('tenancy.confirmPassword')} value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
            {error && <Alert severity="error">{error}</Alert>}
            <Button type="submit" variant="contained" disabled={!token || pending}>
              {t('tenancy.setPassword')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
