/**
 * `/set-password?token=…` (docs/decisions/0009): the page of an invitation link.
 * A new user chooses a password and is signed in to the inviting client. Someone who already
 * has a DineDesk account accepts by signing in instead: the server never sets their password
 * from a link (it answers 409 `invitation_sign_in`, and the page switches to the sign-in form),
 * then `accept-invitation` joins the client. The link is single use and valid for 7 days.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVITATION_SIGN_IN_CODE, type TLoginRequest } from '@dinedesk/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { acceptInvitation } from '../api/accept-invitation.ts';
import { setPassword } from '../api/set-password.ts';

/**
 * Same length bounds as the server (at least 10, at most 128 characters); the server
 * also judges strength and says why it refused, in the UI language (`Accept-Language`).
 */
const MIN = 10;
const MAX = 128;

type Mode = 'new' | 'signIn';

export interface SetPasswordPageProps {
  /**
   * Signs in and starts the session (the auth feature's sign-in). Handed in by `app/`, which
   * composes features: the tenancy feature never imports the auth feature (the web boundary rule).
   * @throws {ApiError} as the server answered (401 wrong credentials, 400, 429, network).
   */
  signIn: (input: TLoginRequest) => Promise<unknown>;
}

export default function SetPasswordPage({ signIn }: SetPasswordPageProps) {
  const { t: tt } = useTranslation('tenancy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [mode, setMode] = useState<Mode>('new');
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [email, setEmail] = useState('');
  const [accountPassword, setAccountPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await action();
      void navigate(PATHS.home, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === INVITATION_SIGN_IN_CODE) {
        // An existing account: its password is not set from a link; it signs in to accept.
        setMode('signIn');
        setNotice(tt('signInToAcceptNotice'));
      } else setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };

  const submitNew = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (password.length < MIN || password.length > MAX) return setError(tt('passwordLength', { min: MIN, max: MAX }));
    if (password !== confirm) return setError(tt('passwordMismatch'));
    void run(() => setPassword(token, password));
  };

  const submitSignIn = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    void run(async () => {
      await signIn({ email, password: accountPassword });
      await acceptInvitation(token);
    });
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        {mode === 'new' ? (
          <CardContent component="form" onSubmit={submitNew} data-testid="invitation-new-account">
            <Stack spacing={2}>
              <Typography variant="h5">{tt('setPasswordTitle')}</Typography>
              {!token && <Alert severity="error">{tt('invalidLink')}</Alert>}
              <TextField type="password" label={tt('newPassword')} value={password} onChange={(e) => setPasswordValue(e.target.value)} autoComplete="new-password" required />
              <TextField type="password" label={tt('confirmPassword')} value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
              {error && <Alert severity="error">{error}</Alert>}
              <Button type="submit" variant="contained" disabled={!token || pending}>
                {tt('setPassword')}
              </Button>
              <Divider />
              <Typography variant="body2" color="text.secondary">
                {tt('haveAccount')}
              </Typography>
              <Button variant="outlined" onClick={() => switchMode('signIn')} disabled={!token}>
                {tt('signInToAccept')}
              </Button>
            </Stack>
          </CardContent>
        ) : (
          <CardContent component="form" onSubmit={submitSignIn} data-testid="invitation-sign-in">
            <Stack spacing={2}>
              <Typography variant="h5">{tt('acceptTitle')}</Typography>
              {notice && <Alert severity="info">{notice}</Alert>}
              <TextField type="email" label={tt('email')} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="username" required />
              <TextField type="password" label={tt('yourPassword')} value={accountPassword} onChange={(e) => setAccountPassword(e.target.value)} autoComplete="current-password" required />
              {error && <Alert severity="error">{error}</Alert>}
              <Button type="submit" variant="contained" disabled={!token || pending}>
                {tt('signInToAccept')}
              </Button>
              <Button variant="text" onClick={() => switchMode('new')}>
                {tt('newHere')}
              </Button>
            </Stack>
          </CardContent>
        )}
      </Card>
    </Box>
  );
}
