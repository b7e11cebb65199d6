/**
 * The shell around every product screen (spec §3 layout defaults): vertical menu, floating
 * navbar, content, static footer. Logout comes in as a prop so the shell does not import the
 * auth feature (features and layout meet only in `app/`).
 */
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../lib/session-store.ts';
import { readMenuCollapsed, writeMenuCollapsed } from '../lib/storage.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { VerticalMenu } from './vertical-menu.tsx';

export interface AppShellProps {
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
  /** Replaces the client name in the navbar (the app passes the client switcher). */
  clientSlot?: ReactNode;
}

export function AppShell({ onLogout, loggingOut, children, clientSlot }: AppShellProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Spec: the menu becomes a drawer under 900 px, MUI's `md`.
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(readMenuCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const user = useSessionStore((state) => state.userData);

  const toggleCollapsed = () => {
    writeMenuCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          top: 8,
          zIndex: (th) => th.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { left: 8 },
        }}
      >
        {t('layout.skipToContent')}
      </Box>
      <VerticalMenu
        desktop={desktop}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {user && (
          <Navbar
            user={user}
            showMenuButton={!desktop}
            onOpenMenu={() => setMobileOpen(true)}
            onLogout={onLogout}
            loggingOut={loggingOut}
            clientSlot={clientSlot}
          />
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flexGrow: 1, px: { xs: 1.5, sm: 3 }, py: 3, outline: 'none' }}
        >
          {children}
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
