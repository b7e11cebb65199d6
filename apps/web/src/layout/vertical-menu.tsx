/**
 * Vertical side menu (docs/requirements/data.md: vertical menu, brand text on top). A permanent
 * drawer from 900 px (`md`), which can shrink to icons (`menuCollapsed`,
 * docs/requirements/data.md); below 900 px a temporary drawer opened from the navbar (also when the
 * horizontal menu is chosen, which has no room on a phone). The semi-dark skin gives the menu the
 * dark theme.
 *
 * Entries the user's abilities do not allow are hidden (docs/requirements/roles.md); a module group
 * with no visible entry stays, disabled, greyed, with the reason (navigation.ts), any other empty
 * group is hidden.
 *
 * Each group is a `<ul>` named by its heading, each entry an `<li>` (screen readers
 * announce "list, 5 items"); greyed text uses the theme's `text.disabled`, which keeps 4.5:1
 * contrast (lib/theme.ts), instead of a lowered opacity.
 *
 * First paint (docs/requirements/quality-goals.md ≤ 250 KiB gzip): the permanent menu is a fixed
 * `Paper` styled as MUI's permanent Drawer is (a docked spacer plus a fixed paper), which needs
 * none of the Drawer's modal code; the phone's temporary drawer is fetched the first time it opens,
 * and the collapsed menu's tooltips when first hovered or focused (components/lazy-tooltip.tsx).
 *
 * Under the product's groups the app may add its own part (`menuEnd`): the template's UI
 * showcase (demo/showcase-menu/), so the shell imports no demo code.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useAbility } from '@casl/react';
import { Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { lazyWithPreload } from '../components/lazy-with-preload.tsx';
import { LazyTooltip } from '../components/lazy-tooltip.tsx';
import type { AppAbility } from '../lib/ability.ts';
import { createAppTheme } from '../lib/theme.ts';
import { navigation, visibleNavigation, type NavItem } from './navigation.ts';

const mobileDrawer = lazyWithPreload(() => import('@mui/material/Drawer'));
const Drawer = mobileDrawer.Component;

/**
 * Fetches the phone's menu drawer; the shell opens the menu once this resolves, so it slides in
 * without waiting on a Suspense reveal (components/lazy-with-preload.tsx).
 * @throws {Error} (rejects) when the chunk cannot be fetched
 */
export const loadMobileMenu = (): Promise<void> => mobileDrawer.load();
/** Starts fetching the phone's menu drawer (the menu button's pointer enter or focus). */
export const preloadMobileMenu = (): void => mobileDrawer.preload();

export const MENU_WIDTH = 264;
export const MENU_COLLAPSED_WIDTH = 76;

export { visibleNavigation } from './navigation.ts';

/** Whether `navLink` is the current page or one of its sub-pages. */
export function isActive(pathname: string, navLink: string | undefined): boolean {
  return Boolean(navLink) && (pathname === navLink || pathname.startsWith(`${navLink}/`));
}

interface MenuLeafProps {
  item: NavItem;
  collapsed: boolean;
  disabled: boolean;
  onNavigate?: (() => void) | undefined;
}

function MenuLeaf({ item, collapsed, disabled, onNavigate }: MenuLeafProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActive(pathname, item.navLink);
  const label = t(item.title);
  const Icon = item.icon;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!collapsed && (
        <ListItemText
          primary={label}
          // An entry disabled on its own (not through its group) says why, like a disabled group.
          secondary={item.disabled ? t(item.disabledReason ?? 'nav.notEnabled') : undefined}
          slotProps={{ primary: { noWrap: true, variant: 'body2' }, secondary: { noWrap: true, variant: 'caption' } }}
        />
      )}
    </>
  );
  const common = {
    disabled,
    selected: active,
    'aria-current': active ? ('page' as const) : undefined,
    'aria-label': collapsed ? label : undefined,
    sx: { borderRadius: 1.5, mx: 1.5, mb: 0.25, justifyContent: collapsed ? 'center' : 'flex-start' },
  };
  // Tickets reloads the page when selected (docs/requirements/routes.md), so it is a plain link,
  // not a route push.
  const button = item.reload ? (
    <ListItemButton component="a" href={item.navLink ?? '#'} {...common}>
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton component={RouterLink} to={item.navLink ?? '#'} onClick={onNavigate} {...common}>
      {content}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {collapsed ? (
        <LazyTooltip title={label} placement="right">
          <Box component="span" sx={{ display: 'block' }}>
            {button}
          </Box>
        </LazyTooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/** What the app adds under the menu's groups (a component), told whether the menu shows icons only. */
export type MenuEnd = ComponentType<{ collapsed: boolean; onNavigate?: (() => void) | undefined }>;

interface MenuContentProps {
  collapsed: boolean;
  menuEnd?: MenuEnd | undefined;
  onToggleCollapsed?: (() => void) | undefined;
  onNavigate?: (() => void) | undefined;
}

function MenuContent({ collapsed, menuEnd: MenuEndPart, onToggleCollapsed, onNavigate }: MenuContentProps) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const ability = useAbility<AppAbility>();
  const items = useMemo(() => visibleNavigation(navigation, ability), [ability]);

  return (
    <Box component="nav" aria-label={t('layout.mainMenu')} sx={{ height: '100%', overflowY: 'auto', pb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, py: 2, minHeight: 64, gap: 1 }}>
        {!collapsed && (
          <Typography component="p" variant="h6" sx={{ fontWeight: 700, color: 'primary.main', flexGrow: 1 }} noWrap>
            {t('app.name')}
          </Typography>
        )}
        {onToggleCollapsed && (
          <IconButton
            size="small"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
            aria-pressed={collapsed}
          >
            {/* Arrows point towards where the menu goes, so they mirror in right-to-left. */}
            {collapsed ? (
              <MenuOpenIcon fontSize="small" sx={{ transform: rtl ? undefined : 'scaleX(-1)' }} />
            ) : (
              <ChevronLeftIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />
            )}
          </IconButton>
        )}
      </Box>
      {items.map((group) => {
        const headingId = `menu-group-${group.id}`;
        return (
          <List
            key={group.id}
            dense
            aria-labelledby={collapsed ? undefined : headingId}
            aria-label={collapsed ? t(group.title) : undefined}
            subheader={
              collapsed ? undefined : (
                <ListSubheader
                  id={headingId}
                  disableSticky
                  sx={{
                    lineHeight: 1.4,
                    pt: 2,
                    pb: 0.75,
                    bgcolor: 'transparent',
                    color: group.disabled ? 'text.disabled' : 'text.secondary',
                  }}
                >
                  <Typography component="span" variant="overline" sx={{ display: 'block', lineHeight: 1.6 }}>
                    {t(group.title)}
                  </Typography>
                  {group.disabled && (
                    <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                      {t(group.disabledReason ?? 'nav.notEnabled')}
                    </Typography>
                  )}
                </ListSubheader>
              )
            }
          >
            {group.children?.map((item) => (
              <MenuLeaf
                key={item.id}
                item={item}
                collapsed={collapsed}
                disabled={Boolean(group.disabled || item.disabled)}
                onNavigate={onNavigate}
              />
            ))}
          </List>
        );
      })}
      {MenuEndPart && <MenuEndPart collapsed={collapsed} onNavigate={onNavigate} />}
    </Box>
  );
}

export interface VerticalMenuProps {
  /** True from 900 px: a permanent drawer; else a temporary one. */
  desktop: boolean;
  collapsed: boolean;
  /** Absent when a route fixes the collapsed state (`/page-layout/collapse-menu`). */
  onToggleCollapsed?: (() => void) | undefined;
  mobileOpen: boolean;
  onMobileClose: () => void;
  /** Semi-dark skin: the menu alone takes the dark theme. */
  semiDark?: boolean;
  /** The app's part under the groups (the UI showcase). */
  menuEnd?: MenuEnd | undefined;
}

/** Gives the menu the dark theme in the semi-dark skin; the content keeps the light one. */
function MenuTheme({ dark, children }: { dark: boolean; children: ReactNode }) {
  const { direction } = useTheme();
  const darkTheme = useMemo(() => (dark ? createAppTheme({ skin: 'dark', direction }) : null), [dark, direction]);
  return darkTheme ? <ThemeProvider theme={darkTheme}>{children}</ThemeProvider> : children;
}

/** The side menu: permanent (collapsible) from 900 px, a temporary drawer below. */
export function VerticalMenu({
  desktop,
  collapsed,
  onToggleCollapsed,
  mobileOpen,
  onMobileClose,
  semiDark = false,
  menuEnd,
}: VerticalMenuProps) {
  // Fetched on first open, then kept mounted so that closing still slides it out.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (!desktop && mobileOpen && !drawerUsed) setDrawerUsed(true);

  if (!desktop) {
    if (!drawerUsed) return null;
    return (
      <MenuTheme dark={semiDark}>
        <Suspense fallback={null}>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={onMobileClose}
            // It mounts already open the first time: slide in all the same.
            slotProps={{ paper: { sx: { width: MENU_WIDTH, maxWidth: '85vw' } }, transition: { appear: true } }}
          >
            <MenuContent collapsed={false} menuEnd={menuEnd} onNavigate={onMobileClose} />
          </Drawer>
        </Suspense>
      </MenuTheme>
    );
  }
  const width = collapsed ? MENU_COLLAPSED_WIDTH : MENU_WIDTH;
  return (
    <MenuTheme dark={semiDark}>
      {/* The spacer keeps the menu's width in the page's flow; the paper is fixed over it. */}
      <Box data-testid="vertical-menu" sx={{ flex: '0 0 auto', width, transition: 'width 150ms' }}>
        <Paper
          square
          elevation={0}
          data-testid="vertical-menu-paper"
          sx={(theme) => ({
            // Left-to-right CSS, as MUI's Drawer writes it: right-to-left mirrors it (the
            // Emotion cache's RTL plugin, app/rtl-cache.ts), so it sits on the right there.
            position: 'fixed',
            top: 0,
            left: 0,
            borderRight: `1px solid ${theme.palette.divider}`,
            zIndex: theme.zIndex.drawer,
            height: '100%',
            width,
            display: 'flex',
            flexDirection: 'column',
            overflowX: 'hidden',
            overflowY: 'auto',
            outline: 0,
            transition: 'width 150ms',
          })}
        >
          <MenuContent collapsed={collapsed} menuEnd={menuEnd} onToggleCollapsed={onToggleCollapsed} />
        </Paper>
      </Box>
    </MenuTheme>
  );
}
