/**
 * What the demo sign-in pages show to a visitor signed in to the demo (after login or
 * registration): who, with which role and abilities (docs/requirements/roles.md demo roles), when
 * the access token expires (docs/requirements/constants.md: 10 minutes), a Refresh tokens button
 * (`POST /jwt/refresh-token`; a 401 ends the demo session with the mock's message) and Sign out of
 * the demo. The product's own session is never involved (demo-session.ts).
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshToken } from '../api/refresh-token.ts';
import { demoUserName, endDemoSession, startDemoSession, tokenExpiry, type DemoSession } from '../demo-session.ts';
import { DEMO_AUTH_MESSAGES } from '../schema.ts';

/** Why the demo session ended: Sign out, or the mock refused the refresh token. */
export type DemoSessionEnd = 'signedOut' | 'invalidRefresh';

/** The panel of the signed-in demo user; `onEnded` tells the page why the session ended. */
export function DemoSessionPanel({ session, onEnded }: { session: DemoSession; onEnded: (reason: DemoSessionEnd) => void }) {
  const { t, i18n } = useTranslation('demo-auth');
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<'refreshed' | 'failed' | null>(null);
  const user = session.userData;
  const expiry = tokenExpiry(session.accessToken);
  const time = expiry ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(expiry) : null;

  const refresh = async () => {
    if (!session.refreshToken) return;
    setPending(true);
    setNotice(null);
    try {
      const result = await refreshToken(session.refreshToken);
      if (result.ok) {
        startDemoSession({ userData: result.session.userData, accessToken: result.session.accessToken, refreshToken: result.session.refreshToken });
        setNotice('refreshed');
      } else {
        // The mock refused the token (docs/requirements/errors.md: 401 "Invalid refresh token"):
        // the demo session is over.
        endDemoSession();
        onEnded('invalidRefresh');
      }
    } catch {
      setNotice('failed');
    } finally {
      setPending(false);
    }
  };

  return (
    <Box data-testid="demo-session" aria-live="polite">
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('session.signedIn', { name: demoUserName(user) })}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar src={user.avatar || undefined} alt="" sx={{ width: 48, height: 48 }}>
          {demoUserName(user).slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="demo-session-name">
            {demoUserName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Chip size="small" color={user.role === 'admin' ? 'primary' : 'default'} label={t(`roles.${user.role}`)} data-testid="demo-session-role" />
      </Stack>
      <Typography variant="subtitle2" component="h2">
        {t('session.abilities')}
      </Typography>
      <Box component="ul" data-testid="demo-session-abilities" sx={{ pl: 3, mt: 0.5, mb: 2 }}>
        {user.ability.map((rule) => (
          <li key={`${rule.action}-${rule.subject}`}>
            <Typography variant="body2">{t('session.rule', { action: rule.action, subject: rule.subject })}</Typography>
          </li>
        ))}
      </Box>
      {time && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="demo-session-expiry">
          {t('session.expires', { time })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('session.apart')}
      </Typography>
      {notice === 'refreshed' && <Alert severity="info" sx={{ mb: 2 }}>{t('session.refreshed')}</Alert>}
      {notice === 'failed' && <Alert severity="error" sx={{ mb: 2 }}>{t('errors.unexpected')}</Alert>}
      <Stack direction="row" spacing={1.5}>
        {session.refreshToken && (
          <Button variant="outlined" onClick={() => void refresh()} disabled={pending} data-testid="demo-session-refresh">
            {t('session.refresh')}
          </Button>
        )}
        <Button variant="contained" color="secondary" onClick={() => {
            endDemoSession();
            onEnded('signedOut');
          }}
          data-testid="demo-session-sign-out">
          {t('session.signOut')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The translation key of a message the mock sends (docs/requirements/validation.md and errors.md),
 * or null for an unknown one. */
export function mockMessageKey(message: string): 'invalidLogin' | 'unexpected' | 'emailInUse' | 'usernameInUse' | 'invalidRefresh' | null {
  const entry = Object.entries(DEMO_AUTH_MESSAGES).find(([, text]) => text === message);
  return (entry?.[0] as keyof typeof DEMO_AUTH_MESSAGES | undefined) ?? null;
}
