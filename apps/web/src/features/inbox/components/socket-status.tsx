/**
 * Live-update state of the inbox: a small chip, "Live" when connected, "Reconnecting…" while
 * the socket is down (docs/requirements/errors.md: socket trouble is shown like this, never as an
 * error), and "Offline" with a retry once the client has given up.
 */
import Chip from '@mui/material/Chip';
import type { SocketStatus } from '../realtime/inbox-realtime.ts';
import { useInboxT } from '../inbox-t.ts';

export function SocketStatusChip({ status, onRetry }: { status: SocketStatus; onRetry: () => void }) {
  const { t } = useInboxT();
  const common = { size: 'small' as const, 'data-testid': 'socket-status', 'data-status': status };
  switch (status) {
    case 'connected':
      return <Chip {...common} color="success" variant="outlined" label={t('socket.connected')} />;
    case 'connecting':
      return <Chip {...common} variant="outlined" label={t('socket.connecting')} />;
    case 'reconnecting':
      return <Chip {...common} color="warning" label={t('socket.reconnecting')} role="status" />;
    case 'offline':
      return (
        <Chip
          {...common}
          color="warning"
          label={t('socket.offline')}
          onClick={onRetry}
          aria-label={t('socket.retry')}
          role="button"
        />
      );
  }
}
