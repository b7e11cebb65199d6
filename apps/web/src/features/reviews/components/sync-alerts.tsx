/**
 * Why reviews may be stale: one warning per page whose last sync did not succeed (status
 * other than `ok` / `never`), with the server's plain-words `sync.message`. Example: Graph
 * error 12, Facebook no longer serving reviews on newer API versions (external-apis.md §2);
 * the stored reviews are still listed. A dead token (`token_invalid`) is an error banner with
 * Reconnect for those who may connect (issue #11), else a link to the connections screen.
 */
import { useAbility } from '@casl/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TFbPage } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { allows, SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useStartFacebookConnect } from '../api/facebook-connect.ts';

/** Pages whose sync state needs the owner's attention. */
export function pagesNeedingAttention(pages: readonly TFbPage[]): TFbPage[] {
  return pages.filter((page) => page.sync.status !== 'ok' && page.sync.status !== 'never');
}

export function SyncAlerts({ pages }: { pages: readonly TFbPage[] }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const canConnect = allows(ability, { action: 'create', subject: SUBJECTS.pageConnection });
  const start = useStartFacebookConnect();
  const flagged = pagesNeedingAttention(pages);
  if (flagged.length === 0) return null;
  return (
    <Stack spacing={1}>
      {flagged.map((page) => {
        const dead = page.sync.status === 'token_invalid';
        const action = !dead ? undefined : canConnect ? (
          <Button color="inherit" size="small" disabled={start.isPending} onClick={() => start.mutate({ rerequest: true })} data-testid="banner-reconnect">
            {t('facebook.reconnect')}
          </Button>
        ) : (
          <Button color="inherit" size="small" component={RouterLink} to={PATHS.facebookConnect}>
            {t('facebook.viewConnections')}
          </Button>
        );
        return (
          <Alert key={page.id} severity={dead ? 'error' : 'warning'} data-testid="sync-alert" data-status={page.sync.status} action={action}>
            <AlertTitle>{page.outletName}</AlertTitle>
            {page.sync.message ?? t(`reviews.sync.status.${page.sync.status}`)}
          </Alert>
        );
      })}
    </Stack>
  );
}
