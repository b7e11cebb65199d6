/**
 * Where a list screen shows the open item (complaints, tickets): beside the list in a sticky
 * side panel on wide screens, in a full-width drawer on narrow ones
 * (docs/requirements/code-layout.md#list--detail).
 */
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** Width in px of the side panel. */
export const DETAIL_WIDTH = 480;

/** The side panel, a flex item after the list; sticky under the navbar, scrolling on its own. */
export function DetailSidePanel({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ width: DETAIL_WIDTH, flexShrink: 0, position: 'sticky', top: 88, maxHeight: 'calc(100vh - 104px)', overflowY: 'auto' }}>
      {children}
    </Paper>
  );
}

/** The narrow screens' drawer from the right, as wide as the screen up to 640 px. */
export function DetailDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: '100%', maxWidth: 640 } } }}>
      {children}
    </Drawer>
  );
}
