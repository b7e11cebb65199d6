/**
 * Google Business Profile on the connections screen (docs/decisions/0024): the
 * client's connected Google users with their token health, and, live from Google, the locations
 * each manages with the outlet each is linked to. Owners (`create PageConnection`) connect and
 * reconnect through Google's consent popup, link an unlinked location to one of their outlets
 * (the one its store code suggests is chosen already) and unlink a linked one after a
 * confirmation; every other role reads.
 *
 * The outlets to choose from are those of `get-fb-pages` (one page per outlet, with its brand),
 * already cached by the Reviews screen: no call of its own.
 */
import { useAbility } from '@casl/react';
import GoogleIcon from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { GOOGLE_CONNECT_FAILURES, type TGoogleConnectFailure, type TGoogleConnection, type TGoogleLocationChoice, type TTokenHealth } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../../../components/lazy-with-preload.tsx';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { allows, SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import type { GoogleConnectResult } from '../api/facebook-connect.ts';
import { fbPagesQueryOptions } from '../api/get-fb-pages.ts';
import { useStartGoogleConnect } from '../api/google-connect.ts';
import { useGoogleConnections, useLinkGoogleLocation } from '../api/google-locations.ts';
import { formatDate } from '../format.ts';

const NAMESPACE = 'facebook';
const HEALTH_COLOR: Record<TTokenHealth, 'success' | 'warning' | 'error'> = { valid: 'success', expiring: 'warning', dead: 'error' };

const unlinkDialog = lazyWithPreload(() => import('./google-unlink-dialog.tsx'));
const GoogleUnlinkDialog = unlinkDialog.Component;

/**
 * Loading rows of a connection's table. How many locations Google lists is not known before the
 * answer; the section is the last of the screen, so a placeholder of another height moves
 * nothing above it.
 */
const SKELETON_ROWS = 4;
/**
 * Heights in px measured in Chromium at 1280 px (the demo connection): the card's heading block,
 * the table head, a linked location's row (one with the outlet select is taller, about 73).
 */
const HEADING_HEIGHT = 48;
const TABLE_HEAD_HEIGHT = 37;
const ROW_HEIGHT = 53;
/** Width of the outlet select: a native select is otherwise as wide as its longest outlet name. */
const SELECT_WIDTH = 240;

/** An outlet an owner may link a location to, as the select offers it (grouped by brand). */
interface OutletChoice {
  id: string;
  name: string;
  brandName: string;
}

/** The caller's outlets (one Facebook page per outlet), only fetched for owners who link. */
function useOutletChoices(enabled: boolean): OutletChoice[] {
  const pages = useQuery({ ...fbPagesQueryOptions(), enabled });
  return useMemo(() => {
    const seen = new Map<string, OutletChoice>();
    for (const p of pages.data?.data ?? []) if (!seen.has(p.outletId)) seen.set(p.outletId, { id: p.outletId, name: p.outletName, brandName: p.brandName });
    return [...seen.values()];
  }, [pages.data]);
}

/** `outlets` by brand name, in the order they come. */
function byBrand(outlets: readonly OutletChoice[]): [string, OutletChoice[]][] {
  const groups = new Map<string, OutletChoice[]>();
  for (const o of outlets) groups.set(o.brandName, [...(groups.get(o.brandName) ?? []), o]);
  return [...groups];
}

/** The Google connect result the popup landed with, in the user's language (GOOGLE_CONNECT_FAILURES). */
function GoogleResultAlert({ result, onClose }: { result: GoogleConnectResult; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  if (result.googleToken === 'success') {
    return (
      <Alert severity="success" role="status" onClose={onClose} data-testid="google-connect-result" data-result="success">
        {t('google.result.success')}
      </Alert>
    );
  }
  const { reason } = result;
  const key: TGoogleConnectFailure | 'unknown' = reason && (GOOGLE_CONNECT_FAILURES as readonly string[]).includes(reason) ? (reason as TGoogleConnectFailure) : 'unknown';
  return (
    <Alert severity="error" role="alert" onClose={onClose} data-testid="google-connect-result" data-result="failed">
      {t(`google.result.${key}`)}
    </Alert>
  );
}

/** Placeholder of one connection card, about the size of the card it stands for. */
function ConnectionSkeleton() {
  const { t: tApp } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={tApp('common.loading')} data-testid="google-loading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, height: HEADING_HEIGHT }}>
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="text" width="45%" />
        </Box>
        <Skeleton variant="rounded" width={64} height={24} />
      </Box>
      <Skeleton variant="rectangular" height={TABLE_HEAD_HEIGHT} sx={{ mb: 0.25 }} />
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={ROW_HEIGHT - 2} sx={{ mt: 0.25 }} />
      ))}
    </Paper>
  );
}

interface OutletPickerProps {
  connectionId: string;
  location: TGoogleLocationChoice;
  outlets: readonly OutletChoice[];
  linkedOutletIds: ReadonlySet<string>;
  busy: boolean;
  onLink: (outletId: string) => void;
}

/**
 * The owner's outlet select and Link button of an unlinked location. Mounted only while the
 * location is unlinked, so after an unlink it starts again from the suggestion.
 */
function OutletPicker({ connectionId, location: l, outlets, linkedOutletIds, busy, onLink }: OutletPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  // Null until the owner picks: the store code's suggestion shows once the outlets are known.
  const [picked, setPicked] = useState<string | null>(null);
  const suggested = l.suggestedOutletId && outlets.some((o) => o.id === l.suggestedOutletId && !linkedOutletIds.has(o.id)) ? l.suggestedOutletId : '';
  const outletId = picked ?? suggested;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: SELECT_WIDTH, flexShrink: 1, minWidth: 0, '& .MuiFormControl-root, & .MuiInputBase-root': { width: '100%' } }}>
        <NativeSelectField
          id={`google-outlet-${connectionId}-${l.name.replace('/', '-')}`}
          label={t('google.outlet')}
          value={outletId}
          onChange={(event) => setPicked(event.target.value)}
          htmlSelect={{ 'aria-label': t('google.outletFor', { location: l.title }), 'data-testid': 'google-outlet-select' }}
        >
          <option value="">{t('google.chooseOutlet')}</option>
          {byBrand(outlets).map(([brand, choices]) => (
            <optgroup key={brand} label={brand}>
              {choices.map((o) => (
                <option key={o.id} value={o.id} disabled={linkedOutletIds.has(o.id)}>
                  {linkedOutletIds.has(o.id) ? t('google.outletTaken', { outlet: o.name }) : o.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelectField>
      </Box>
      <Button size="small" variant="outlined" sx={{ flexShrink: 0 }} disabled={busy || !outletId} onClick={() => onLink(outletId)} data-testid="google-link">
        {t('google.link')}
      </Button>
    </Box>
  );
}

interface LocationRowProps extends OutletPickerProps {
  canLink: boolean;
  onUnlink: () => void;
}

/** Google's `mapsUri` as a link, only when it is an https URL (it is passed on from Google as is). */
const safeMapsUri = (uri: string | null) => (uri && /^https:\/\//i.test(uri) ? uri : null);

function LocationRow({ canLink, onUnlink, ...picker }: LocationRowProps) {
  const { t } = useTranslation(NAMESPACE);
  const { location: l, busy } = picker;
  const linked = l.linkedOutletId !== null;
  const mapsUri = safeMapsUri(l.mapsUri);

  let outletCell;
  if (linked) {
    outletCell = (
      // The name wraps on its own line box; Unlink keeps its place at the right of every row.
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }} data-testid="google-linked-outlet">
          {l.linkedOutletName ?? '—'}
        </Typography>
        {canLink && (
          <Button size="small" color="error" sx={{ flexShrink: 0 }} disabled={busy} onClick={onUnlink} onPointerEnter={unlinkDialog.preload} onFocus={unlinkDialog.preload} data-testid="google-unlink">
            {t('google.unlink')}
          </Button>
        )}
      </Box>
    );
  } else if (canLink) {
    outletCell = <OutletPicker {...picker} />;
  } else {
    outletCell = (
      <Typography variant="body2" color="text.secondary">
        {t('google.notLinked')}
      </Typography>
    );
  }

  return (
    <TableRow data-testid="google-location" data-location-name={l.name} data-linked={String(linked)}>
      <TableCell>
        {mapsUri ? (
          <Link href={mapsUri} target="_blank" rel="noopener noreferrer">
            {l.title}
          </Link>
        ) : (
          l.title
        )}
      </TableCell>
      <TableCell>{l.address ?? '—'}</TableCell>
      <TableCell>{l.storeCode ?? '—'}</TableCell>
      <TableCell>{outletCell}</TableCell>
    </TableRow>
  );
}

interface ConnectionCardProps {
  connection: TGoogleConnection;
  canConnect: boolean;
  outlets: readonly OutletChoice[];
  linkedOutletIds: ReadonlySet<string>;
  reconnecting: boolean;
  onReconnect: () => void;
}

function ConnectionCard({ connection: c, canConnect, outlets, linkedOutletIds, reconnecting, onReconnect }: ConnectionCardProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { t: tApp } = useTranslation();
  const link = useLinkGoogleLocation();
  // Kept after closing (open: false) so the dialog can play its exit transition.
  const [unlinking, setUnlinking] = useState<{ location: TGoogleLocationChoice; open: boolean } | null>(null);

  const linkTo = (l: TGoogleLocationChoice, outletId: string | null) =>
    link.mutateAsync({ connectionId: c.id, accountName: l.accountName, locationName: l.name, outletId }).catch(() => undefined);
  const confirmUnlink = () => {
    if (!unlinking) return;
    void linkTo(unlinking.location, null).finally(() => setUnlinking((u) => u && { ...u, open: false }));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="google-connection" data-connection-id={c.id} data-health={c.health}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5, minHeight: HEADING_HEIGHT }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {c.name !== c.email ? `${c.name} · ${c.email}` : c.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('connectedBy', { name: c.connectedByName ?? '—', date: formatDate(c.connectedAt, i18n.language) })}
          </Typography>
        </Box>
        <Chip size="small" color={HEALTH_COLOR[c.health]} label={t(`health.${c.health}`)} data-testid="google-health" data-health={c.health} />
        {canConnect && (
          <Button variant={c.health === 'valid' ? 'outlined' : 'contained'} disabled={reconnecting} onClick={onReconnect} data-testid="google-reconnect">
            {t('google.reconnect')}
          </Button>
        )}
      </Box>
      {c.health === 'dead' && c.reason && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="google-reason">
          {c.reason}
        </Alert>
      )}
      {c.error && c.error !== c.reason && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="google-error">
          {t('google.listError', { error: c.error })}
        </Alert>
      )}
      {link.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }} onClose={() => link.reset()} data-testid="google-link-error">
          {describeError(link.error, tApp)}
        </Alert>
      )}
      {c.locations.length === 0 ? (
        !c.error && (
          <Typography variant="body2" color="text.secondary" data-testid="google-no-locations">
            {t('google.noLocations')}
          </Typography>
        )
      ) : (
        <Box sx={{ position: 'relative', overflowX: 'auto' }}>
          <Table size="small" aria-label={t('google.locations', { email: c.email })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('google.location')}</TableCell>
                <TableCell>{t('google.address')}</TableCell>
                <TableCell>{t('google.storeCode')}</TableCell>
                <TableCell>{t('google.outlet')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.locations.map((l) => (
                <LocationRow
                  key={l.name}
                  connectionId={c.id}
                  location={l}
                  canLink={canConnect}
                  outlets={outlets}
                  linkedOutletIds={linkedOutletIds}
                  busy={link.isPending}
                  onLink={(outletId) => void linkTo(l, outletId)}
                  onUnlink={() => setUnlinking({ location: l, open: true })}
                />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {unlinking && (
        <Suspense fallback={null}>
          <GoogleUnlinkDialog
            open={unlinking.open}
            location={unlinking.location.title}
            outlet={unlinking.location.linkedOutletName ?? '—'}
            pending={link.isPending}
            onCancel={() => setUnlinking({ ...unlinking, open: false })}
            onConfirm={confirmUnlink}
          />
        </Suspense>
      )}
    </Paper>
  );
}

export interface GoogleConnectionsProps {
  /** The `googleToken` result the connect popup landed with, if any. */
  result: GoogleConnectResult | null;
  onCloseResult: () => void;
}

/** The "Google Business Profile" section of the connections screen. */
export function GoogleConnections({ result, onCloseResult }: GoogleConnectionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tApp } = useTranslation();
  const ability = useAbility<AppAbility>();
  const canConnect = allows(ability, { action: 'create', subject: SUBJECTS.pageConnection });
  const connections = useGoogleConnections();
  const start = useStartGoogleConnect();
  const outlets = useOutletChoices(canConnect);
  const list = connections.data?.connections;
  const linkedOutletIds = useMemo(() => new Set((list ?? []).flatMap((c) => c.locations.flatMap((l) => (l.linkedOutletId ? [l.linkedOutletId] : [])))), [list]);
  const connect = () => start.mutate();
  const connectButton = (
    <Button variant="contained" startIcon={<GoogleIcon />} disabled={start.isPending} onClick={connect} data-testid="google-connect">
      {t('google.connect')}
    </Button>
  );

  return (
    <Stack component="section" spacing={2} aria-labelledby="google-connections-title" data-testid="google-section">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="google-connections-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('google.title')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('google.subtitle')}
          </Typography>
        </Box>
        {/* With no connection yet the empty state holds the one Connect button. */}
        {canConnect && list && list.length > 0 && connectButton}
      </Box>

      {result && <GoogleResultAlert result={result} onClose={onCloseResult} />}
      {start.isError && (
        <Alert severity="error" role="alert" onClose={() => start.reset()}>
          {describeError(start.error, tApp)}
        </Alert>
      )}

      {connections.isError ? (
        <Alert severity="error">{describeError(connections.error, tApp)}</Alert>
      ) : !list ? (
        <ConnectionSkeleton />
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid="google-empty">
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('google.empty')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: canConnect ? 2 : 0 }}>
            {canConnect ? t('google.emptyOwner') : t('google.emptyAskOwner')}
          </Typography>
          {canConnect && connectButton}
        </Paper>
      ) : (
        list.map((c) => (
          <ConnectionCard key={c.id} connection={c} canConnect={canConnect} outlets={outlets} linkedOutletIds={linkedOutletIds} reconnecting={start.isPending} onReconnect={connect} />
        ))
      )}
    </Stack>
  );
}
