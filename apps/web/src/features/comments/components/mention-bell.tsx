/**
 * The navbar's mention bell: the number of unread mentions of the signed-in user in
 * this client as a badge, live (`mention:new` on the shared socket refetches it; so does every
 * (re)connection), and on click a popover listing the mentions (mentions-popover.tsx).
 *
 * Layout stability (CLS): `app/` renders this lazily in the navbar's end-aligned group
 * behind a placeholder of the button's size (40 × 40), so the button takes the place kept for it
 * and the count, a badge laid over the icon, arrives later without moving anything. The popover
 * (MUI Popover, the list and its actions) is a chunk of its own, fetched when the button is
 * pointed at, focused or clicked, as the user menu is.
 */
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../../../components/lazy-with-preload.tsx';
import { useMentionUnreadCount } from '../api/mention-notifications.ts';
import { useMentionsRealtime } from '../realtime/use-mentions-realtime.ts';

const popover = lazyWithPreload(() => import('./mentions-popover.tsx'));

/** Above this the badge says "99+". */
const MAX_SHOWN = 99;

export function MentionBell() {
  const { t } = useTranslation('comments');
  const count = useMentionUnreadCount();
  useMentionsRealtime();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [requested, setRequested] = useState(false);
  const unread = count.data ?? 0;
  const open = Boolean(anchor);

  return (
    <>
      <IconButton
        color="inherit"
        data-testid="mention-bell"
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onPointerEnter={popover.preload}
        onFocus={popover.preload}
        onClick={(event: MouseEvent<HTMLElement>) => {
          const button = event.currentTarget;
          popover.load().then(
            () => {
              setRequested(true);
              setAnchor(button);
            },
            (error: unknown) => console.error('Could not load the mentions', error),
          );
        }}
        sx={{ flexShrink: 0 }}
      >
        <Badge
          badgeContent={unread > 0 ? unread : undefined}
          max={MAX_SHOWN}
          color="error"
          // The count is in the button's name; the badge would only repeat it.
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {requested && (
        <Suspense fallback={null}>
          <popover.Component id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

export default MentionBell;
