/**
 * Why reviews may be stale: one warning per page whose last sync did not succeed (status
 * other than `ok` / `never`), with the server's plain-words `sync.message`. Pages whose reviews
 * Facebook no longer offers (Graph error 12 on v22.0+, `reviewsEnded`) share one notice in the
 * reader's language saying since when; the stored reviews are still listed and searchable. A
 * dead token (`token_invalid`) is an error banner with Reconnect for those who may connect, else
 * a link to the connections screen. Google locations get the same banners (Reconnect Google when
 * the grant died). A chunk of its own, fetched after the screen's first paint; its texts are in
 * the lazily loaded `reviews` namespace (`syncAlerts`), not in the first paint's `translation`.
 */
import { useAbility } from '@casl/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TFbPage, TReviewsEnded, TSyncState } from '@dinedesk/contracts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { allows, SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useConnectResults, useStartFacebookConnect } from '../api/facebook-connect.ts';
import { useStartGoogleConnect } from '../api/google-connect.ts';
import { useGoogleLocations } from '../api/get-locations.ts';
import { pagesNeedingAttention } from './sync-state.ts';

interface SourceAlertProps {
  title: string;
  sync: TSyncState;
  testId: string;
  /** Who may connect sees Reconnect (with its own test id and start); others a link to the connections. */
  reconnect: { label: string; testId: string; pending: boolean; start: () => void } | null;
}

/** One source's banner: a warning, or an error with Reconnect when the token or grant died. */
function SourceAlert({ title, sync, testId, reconnect }: SourceAlertProps) {
  const { t } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const dead = sync.status === 'token_invalid';
  const action = !dead ? undefined : reconnect ? (
    <Button color="inherit" size="small" disabled={reconnect.pending} onClick={reconnect.start} data-testid={reconnect.testId}>
      {reconnect.label}
    </Button>
  ) : (
    <Button color="inherit" size="small" component={RouterLink} to={PATHS.facebookConnect}>
      {t('facebook.viewConnections')}
    </Button>
  );
  return (
    <Alert severity={dead ? 'error' : 'warning'} data-testid={testId} data-status={sync.status} action={action}>
      <AlertTitle>{title}</AlertTitle>
      {sync.message ?? tr(`syncAlerts.status.${sync.status}`)}
    </Alert>
  );
}

/** The earliest end among the pages whose reviews Facebook no longer offers; null when none. */
function endedNotice(pages: readonly TFbPage[]): TReviewsEnded | null {
  let first: TReviewsEnded | null = null;
  for (const p of pages) if (p.reviewsEnded && (!first || p.reviewsEnded.since < first.since)) first = p.reviewsEnded;
  return first;
}

/**
 * Facebook no longer offers reviews to apps (Graph API v22.0+, docs/decisions/0047): since when
 * and on which version, and that the stored reviews stay. Nothing to do, so no action.
 */
function ReviewsEndedAlert({ since, version }: { since: string; version: string }) {
  const { t, i18n } = useTranslation('reviews');
  return (
    <Alert severity="info" data-testid="reviews-ended">
      <AlertTitle>{t('syncAlerts.ended.title')}</AlertTitle>
      {t('syncAlerts.ended.body', { date: formatDate(since, i18n.language), version })}
    </Alert>
  );
}

export interface SyncAlertsProps {
  pages: readonly TFbPage[];
  /** Only this outlet's Google location (the screen's outlet filter); all when absent. */
  outletId?: string | undefined;
}

function SyncAlerts({ pages, outletId }: SyncAlertsProps) {
  const { t } = useTranslation();
  const { t: tf } = useTranslation('facebook');
  const ability = useAbility<AppAbility>();
  const canConnect = allows(ability, { action: 'create', subject: SUBJECTS.pageConnection });
  const start = useStartFacebookConnect();
  const startGoogle = useStartGoogleConnect();
  // A Reconnect started from a banner reports back here.
  useConnectResults();
  const locations = useGoogleLocations().data?.data ?? [];
  const attention = pagesNeedingAttention(pages);
  // Pages whose reviews Facebook no longer offers share one notice; their sync did not fail.
  const ended = endedNotice(pages);
  const flagged = attention.filter((p) => !(p.reviewsEnded && p.sync.status === 'deprecated'));
  const googleFlagged = locations.filter((l) => (!outletId || l.outletId === outletId) && l.sync.status !== 'ok' && l.sync.status !== 'never');
  if (flagged.length === 0 && googleFlagged.length === 0 && !ended) return null;
  return (
    <Stack spacing={1}>
      {ended && <ReviewsEndedAlert since={ended.since} version={ended.graphVersion} />}
      {googleFlagged.map((l) => (
        <SourceAlert
          key={l.id}
          title={`${l.outletName} · ${t('reviews.source.google')}`}
          sync={l.sync}
          testId="google-sync-alert"
          reconnect={canConnect ? { label: tf('google.reconnect'), testId: 'banner-reconnect-google', pending: startGoogle.isPending, start: () => startGoogle.mutate() } : null}
        />
      ))}
      {flagged.map((page) => (
        <SourceAlert
          key={page.id}
          title={page.outletName}
          sync={page.sync}
          testId="sync-alert"
          reconnect={canConnect ? { label: t('facebook.reconnect'), testId: 'banner-reconnect', pending: start.isPending, start: () => start.mutate({ rerequest: true }) } : null}
        />
      ))}
    </Stack>
  );
}

export default SyncAlerts;
