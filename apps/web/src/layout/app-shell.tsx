/**
 * The shell around every signed-in screen (docs/requirements/data.md): menu (vertical or
 * horizontal), navbar, content, footer and the customizer, each following the layout settings
 * (`layout-settings-store.ts`; defaults: light, vertical, full width, floating white navbar,
 * static footer, LTR).
 *
 * - Under 900 px (MUI `md`) the menu is always a temporary drawer opened from the navbar, so
 *   nothing overflows on a 360 px phone.
 * - `overrides` let a route show a layout variant without touching the stored settings
 *   (the template's `/page-layout/*` demos).
 * - Logout and the navbar's demo widgets (search, bookmarks) come in as props, so the shell
 *   imports neither the auth feature nor the demo areas (they meet only in `app/`).
 * - The content area is at least the window's height below the navbar, so a static footer
 *   starts below the fold: while a screen fills in (lazy chunk, then skeletons, then rows) the
 *   footer moves only where nobody sees it (CLS).
 */
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentWidth } from '../lib/layout-settings.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { CustomizerToggle } from './customizer-toggle.tsx';
import { Footer } from './footer.tsx';
import { useLayoutSettings } from './layout-settings-store.ts';
import { Navbar } from './navbar.tsx';
import { loadMobileMenu, preloadMobileMenu, VerticalMenu, type MenuEnd } from './vertical-menu.tsx';

// Only users who chose the horizontal menu download it.
const HorizontalMenu = lazy(() => import('./horizontal-menu.tsx'));
// Only phones with the navbar hidden show the floating menu button (fixed, so it moves nothing
// when it arrives); the first paint of everyone else does not carry it.
const Fab = lazy(() => import('@mui/material/Fab'));

/** Widest content in the boxed layout (the template's boxed width). */
export const BOXED_MAX_WIDTH = 1440;

/**
 * Height in px of the navbar band of each type, at most what it takes (navbar.tsx: a 60 px bar;
 * the floating one with 12 px above and 8 px below). The content's minimum height is the window
 * less this, so an underestimate only puts the footer further below the fold.
 */
export const NAVBAR_BAND_HEIGHT = { floating: 80, sticky: 60, static: 60, hidden: 0 } as const;

/** Layout values a route imposes for itself, over the stored settings (never persisted). */
export interface LayoutOverrides {
  menuCollapsed?: boolean;
  contentWidth?: ContentWidth;
  /** No menu at all, not even the phone drawer (`/page-layout/without-menu`). */
  menuHidden?: boolean;
}

export interface AppShellProps {
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
  /** Navbar widgets on the start side (bookmarks). */
  navbarStart?: ReactNode;
  /** Navbar widgets before the language switcher (search, the mention bell). */
  navbarEnd?: ReactNode;
  overrides?: LayoutOverrides;
  /** Replaces the client name in the navbar (the app passes the client switcher). */
  clientSlot?: ReactNode;
  /** The app's part under the side menu's groups (the UI showcase). */
  menuEnd?: MenuEnd;
}

/** Menu, navbar, content and footer laid out by the layout settings and `overrides`. */
export function AppShell({ onLogout, loggingOut, children, navbarStart, navbarEnd, overrides = {}, clientSlot, menuEnd }: AppShellProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const settings = useLayoutSettings();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The phone's menu drawer is a chunk of its own: open it once that is there.
  const openMobileMenu = () =>
    void loadMobileMenu().then(
      () => setMobileOpen(true),
      (error: unknown) => console.error('Could not load the menu', error),
    );
  const user = useSessionStore((state) => state.userData);

  const collapsed = overrides.menuCollapsed ?? settings.menuCollapsed;
  const contentWidth = overrides.contentWidth ?? settings.contentWidth;
  const menuHidden = overrides.menuHidden ?? false;
  const horizontal = desktop && settings.menuLayout === 'horizontal';
  const showVerticalMenu = !menuHidden && !horizontal;
  const showMenuButton = !desktop && !menuHidden;
  const navbarType = settings.navbarType;
  const navbarHidden = navbarType === 'hidden';
  const horizontalMenu =
    horizontal && !menuHidden ? (
      <Suspense fallback={<Box sx={{ minHeight: 48 }} />}>
        <HorizontalMenu floating={settings.navbarType === 'floating'} />
      </Suspense>
    ) : null;

  return (
    <Box
      data-testid="app-shell"
      data-skin={settings.skin}
      data-menu-layout={horizontal ? 'horizontal' : 'vertical'}
      data-menu-collapsed={showVerticalMenu && desktop ? String(collapsed) : undefined}
      data-content-width={contentWidth}
      data-navbar-type={settings.navbarType}
      data-footer-type={settings.footerType}
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}
    >
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
      {showVerticalMenu && (
        <VerticalMenu
          desktop={desktop}
          collapsed={collapsed}
          onToggleCollapsed={
            overrides.menuCollapsed === undefined
              ? () => settings.setSetting('menuCollapsed', !settings.menuCollapsed)
              : undefined
          }
          mobileOpen={mobileOpen}
          onMobileClose={() => setMobileOpen(false)}
          semiDark={settings.skin === 'semi-dark'}
          menuEnd={menuEnd}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{
            flexGrow: 1,
            display: 'flex',
            flexDirection: 'column',
            width: '100%',
            ...(contentWidth === 'boxed' ? { maxWidth: BOXED_MAX_WIDTH, mx: 'auto' } : {}),
          }}
        >
          {user && navbarType !== 'hidden' && (
            <Navbar
              user={user}
              type={navbarType}
              color={settings.navbarColor}
              bordered={settings.skin === 'bordered'}
              showBrand={desktop && !showVerticalMenu}
              showMenuButton={showMenuButton}
              onOpenMenu={openMobileMenu}
              onPrepareMenu={preloadMobileMenu}
              onLogout={onLogout}
              loggingOut={loggingOut}
              start={navbarStart}
              end={navbarEnd}
              below={horizontalMenu}
              clientSlot={clientSlot}
            />
          )}
          {navbarHidden && horizontalMenu}
          {navbarHidden && showMenuButton && (
            // With the navbar hidden a phone would have no way into the menu.
            <Suspense fallback={null}>
              <Fab
                size="small"
                color="primary"
                onClick={openMobileMenu}
                onPointerEnter={preloadMobileMenu}
                onFocus={preloadMobileMenu}
                aria-label={t('layout.openMenu')}
                sx={{ position: 'fixed', bottom: 16, left: 16, zIndex: (th) => th.zIndex.speedDial }}
              >
                <MenuIcon />
              </Fab>
            </Suspense>
          )}
          <Box
            component="main"
            id="main-content"
            tabIndex={-1}
            sx={{
              flexGrow: 1,
              px: { xs: 1.5, sm: 3 },
              py: 3,
              outline: 'none',
              minWidth: 0,
              minHeight: `calc(100vh - ${NAVBAR_BAND_HEIGHT[navbarType]}px)`,
            }}
          >
            {children}
          </Box>
          {settings.footerType !== 'hidden' && <Footer sticky={settings.footerType === 'sticky'} />}
        </Box>
      </Box>
      <CustomizerToggle />
    </Box>
  );
}
