/**
 * The reply window in the thread header: "Standard reply window: 5 h 12 min left", "Human agent
 * window (HUMAN_AGENT tag): 3 days left", or closed. Re-rendered each minute by the thread.
 */
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TReplyWindow } from '@dinedesk/contracts';
import { useInboxT } from '../inbox-t.ts';
import { describeWindow, effectiveWindow } from '../window.ts';

const COLORS = { standard: 'success.main', human_agent: 'warning.main', closed: 'text.disabled' } as const;

export function WindowStatus({ window, now }: { window: TReplyWindow; now: number }) {
  const { t } = useInboxT();
  const { state } = effectiveWindow(window, now);
  return (
    <Box
      data-testid="window-status"
      data-state={state}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', minWidth: 0 }}
    >
      <ScheduleIcon sx={{ fontSize: 16, color: COLORS[state] }} aria-hidden />
      <Typography variant="caption" component="span">
        {describeWindow(window, now, t)}
      </Typography>
    </Box>
  );
}
