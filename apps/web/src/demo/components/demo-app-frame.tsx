/**
 * The full-height frame of a demo app with a sidebar (email, chat, todo):
 * the app's `h1` for screen readers, an outlined panel filling the content area, the sidebar
 * beside the main pane from the `md` breakpoint up and in a drawer below it, and the main pane.
 * One frame, so the apps share their height, breakpoints and landmarks.
 */
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { srOnly } from '../../components/sr-only.ts';

export interface DemoAppFrameProps {
  /** The app's name, as its (visually hidden) `h1`. */
  title: string;
  /** Accessible name of the sidebar landmark (and of its drawer). */
  sidebarLabel: string;
  sidebar: ReactNode;
  /** Sidebar width in px. */
  sidebarWidth: number;
  /** Sidebar beside the main pane (wide screens) or in a drawer. */
  wide: boolean;
  /** Whether the drawer is open (narrow screens). */
  sidebarOpen: boolean;
  onCloseSidebar: () => void;
  /** Accessible name of the main pane. */
  mainLabel: string;
  /** Extra styles of the main pane (e.g. its background). */
  mainSx?: SxProps<Theme>;
  testId: string;
  children: ReactNode;
}

export function DemoAppFrame({ title, sidebarLabel, sidebar, sidebarWidth, wide, sidebarOpen, onCloseSidebar, mainLabel, mainSx, testId, children }: DemoAppFrameProps) {
  return (
    <>
      <Typography component="h1" sx={srOnly}>
        {title}
      </Typography>
      <Paper
        variant="outlined"
        // The shell's navbar and paddings take 128 px (136 px from md): the app fills the rest.
        sx={{ display: 'flex', overflow: 'hidden', height: { xs: 'calc(100dvh - 128px)', md: 'calc(100dvh - 136px)' }, minHeight: 520 }}
        data-testid={testId}
      >
        {wide ? (
          <Box component="aside" aria-label={sidebarLabel} sx={{ width: sidebarWidth, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
            {sidebar}
          </Box>
        ) : (
          <Drawer open={sidebarOpen} onClose={onCloseSidebar} slotProps={{ paper: { sx: { width: sidebarWidth, maxWidth: '90vw' }, 'aria-label': sidebarLabel } }}>
            {sidebar}
          </Drawer>
        )}
        <Box component="section" aria-label={mainLabel} sx={[{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }, ...(Array.isArray(mainSx) ? mainSx : [mainSx])]}>
          {children}
        </Box>
      </Paper>
    </>
  );
}
