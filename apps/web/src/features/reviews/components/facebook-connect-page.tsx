/**
 * Facebook connections (/apps/reviews_and_reputation/facebook, docs/requirements/routes.md): where
 * the Login popup lands (`?longToken=success|failed`), and the list of connected Facebook accounts
 * and their pages with token health (valid, expiring with the date, dead with the reason), each
 * with Reconnect. Owners connect; other roles read. Opened inside the Login popup, the screen
 * hands the result to the window that opened it and closes.
 *
 * Below them, the Google Business Profile connections and their locations
 * (google-connections.tsx); Google's consent popup lands here too, with `?googleToken=…`.
 */
import { useAbility } from '@casl/react';
import FacebookIcon from '@mui/icons-material/Facebook';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FB_CONNECT_FAILURES, type TConnectedPage, type TFbConnectFailure, type TTokenHealth } from '@dinedesk/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { allows, SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../format.ts';
import { parseConnectResult, reportToOpener, useConnectResults, useStartFacebookConnect } from '../api/facebook-connect.ts';
import { useFacebookAccounts } from '../api/get-accounts.ts';
import { GoogleConnections } from './google-connections.tsx';

const HEALTH_COLOR: Record<TTokenHealth, 'success' | 'warning' | 'error'> = { valid: 'success', expiring: 'warning', dead: 'error' };

/** Strings of this screen: the lazily loaded `facebook` namespace (locales/<language>/facebook.json). */
const NAMESPACE = 'facebook';

function HealthChip({ health, expiresAt }: { health: TTokenHealth | null; expiresAt: string | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (!health) return <Chip size="small" label={t('health.notConnected')} variant="outlined" />;
  const label = health === 'expiring' && expiresAt ? t('health.expiringOn', { date: formatDate(expiresAt, i18n.language) }) : t(`health.${health}`);
  return <Chip size="small" color={HEALTH_COLOR[health]} label={label} data-testid="token-health" data-health={health} />;
}

function PagesTable({ pages }: { pages: TConnectedPage[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Table size="small" aria-label={t('pages')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('page')}</TableCell>
          <TableCell>{t('outlet')}</TableCell>
          <TableCell>{t('tokenHealth')}</TableCell>
          <TableCell>{t('webhooks')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {pages.map((p) => (
          <TableRow key={p.id} data-testid="connected-page" data-page-id={p.id}>
            <TableCell>{p.name}</TableCell>
            <TableCell>
              {p.brandName} · {p.outletName}
            </TableCell>
            <TableCell>
              <HealthChip health={p.health} expiresAt={p.expiresAt} />
              {p.reason && (
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  {p.reason}
                </Typography>
              )}
            </TableCell>
            <TableCell>{p.connected ? (p.webhooksSubscribed ? t('subscribed') : t('notSubscribed')) : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The result the popup landed with, in the user's language (FB_CONNECT_FAILURES). */
function ResultAlert({ longToken, reason, pages, onClose }: { longToken: 'success' | 'failed'; reason: string | null; pages: number | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  if (longToken === 'success') {
    return (
      <Alert severity="success" role="status" onClose={onClose} data-testid="connect-result" data-result="success">
        {pages ? t('result.success', { count: pages }) : t('result.successNoCount')}
      </Alert>
    );
  }
  const key: TFbConnectFailure | 'unknown' = reason && (FB_CONNECT_FAILURES as readonly string[]).includes(reason) ? (reason as TFbConnectFailure) : 'unknown';
  return (
    <Alert severity="error" role="alert" onClose={onClose} data-testid="connect-result" data-result="failed">
      {t(`result.${key}`)}
    </Alert>
  );
}

export default function FacebookConnectPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: tApp } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const result = useMemo(() => parseConnectResult(search), [search]);
  // Inside the Login (or Google consent) popup the result belongs to the window that opened it.
  const [inPopup] = useState(() => (result ? reportToOpener(result) : false));
  useConnectResults();
  const accounts = useFacebookAccounts();
  const start = useStartFacebookConnect();
  const ability = useAbility<AppAbility>();
  const canConnect = allows(ability, { action: 'create', subject: SUBJECTS.pageConnection });
  if (inPopup) return null;

  const clearResult = () => setSearch({}, { replace: true });
  const connect = (rerequest: boolean) => start.mutate({ rerequest });

  return (
    <Stack spacing={3}>
      <PageHeader title={tApp('facebook.title')} subtitle={t('subtitle')}>
        {canConnect && (
          <Button variant="contained" startIcon={<FacebookIcon />} disabled={start.isPending} onClick={() => connect(false)} data-testid="facebook-connect">
            {t('connect')}
          </Button>
        )}
      </PageHeader>

      {result && 'longToken' in result && <ResultAlert {...result} onClose={clearResult} />}
      {start.isError && (
        <Alert severity="error" role="alert" onClose={() => start.reset()}>
          {describeError(start.error, tApp)}
        </Alert>
      )}
      {accounts.data && !accounts.data.live && <Alert severity="warning">{t('notLive')}</Alert>}

      {accounts.isError ? (
        <Alert severity="error">{describeError(accounts.error, tApp)}</Alert>
      ) : accounts.isPending ? (
        <Skeleton variant="rounded" height={220} aria-label={tApp('common.loading')} />
      ) : (
        <>
          {accounts.data.accounts.length === 0 && (
            <Alert severity="info" data-testid="no-accounts">
              {canConnect ? t('noAccounts') : t('noAccountsAskOwner')}
            </Alert>
          )}
          {accounts.data.accounts.map((a) => (
            <Paper key={a.id} variant="outlined" sx={{ p: 2 }} data-testid="facebook-account" data-account-id={a.id}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {a.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('connectedBy', { name: a.connectedByName ?? '—', date: formatDate(a.connectedAt, i18n.language) })}
                  </Typography>
                </Box>
                <HealthChip health={a.health} expiresAt={a.expiresAt} />
                {canConnect && (
                  <Button variant={a.health === 'valid' ? 'outlined' : 'contained'} disabled={start.isPending} onClick={() => connect(true)} data-testid="facebook-reconnect">
                    {tApp('facebook.reconnect')}
                  </Button>
                )}
              </Box>
              {a.reason && (
                <Alert severity="error" sx={{ mb: 1.5 }} data-testid="account-reason">
                  {a.reason}
                </Alert>
              )}
              {a.missingScopes.length > 0 && (
                <Alert severity="warning" sx={{ mb: 1.5 }}>
                  {t('missingScopes', { scopes: a.missingScopes.join(', ') })}
                </Alert>
              )}
              <PagesTable pages={a.pages} />
            </Paper>
          ))}
          {accounts.data.notConnected.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="not-connected">
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {t('notConnectedTitle')}
              </Typography>
              <PagesTable pages={accounts.data.notConnected} />
            </Paper>
          )}
        </>
      )}

      <GoogleConnections result={result && 'googleToken' in result ? result : null} onCloseResult={clearResult} />
    </Stack>
  );
}
