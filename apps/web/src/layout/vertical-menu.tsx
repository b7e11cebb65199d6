/**
 * Vertical side menu (spec §3: vertical menu, brand text on top). A permanent drawer from
 * 900 px (`md`), which can shrink to icons (`menuCollapsed`, spec §3); below 900 px a
 * temporary drawer opened from the navbar.
 *
 * Entries the user's abilities do not allow are hidden (spec §6); a group with no visible
 * entry is hidden too. Disabled groups stay visible, greyed, with a hint.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { allows, type AppAbility } from '../lib/ability.ts';
import { navigation, type NavItem } from './navigation.ts';

export const MENU_WIDTH = 264;
export const MENU_COLLAPSED_WIDTH = 76;

/** The menu the user may see: leaves filtered by ability, empty groups dropped. */
export function visibleNavigation(items: readonly NavItem[], ability: AppAbility): NavItem[] {
  return items.flatMap((item) => {
    if (!item.children) return allows(ability, item) ? [item] : [];
    const children = visibleNavigation(item.children, ability);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

function isActive(pathname: string, navLink: string | undefined): boolean {
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
      {!collapsed && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />}
    </>
  );
  const common = {
    disabled,
    selected: active,
    'aria-current': active ? ('page' as const) : undefined,
    'aria-label': collapsed ? label : undefined,
    sx: { borderRadius: 1.5, mx: 1.5, mb: 0.25, justifyContent: collapsed ? 'center' : 'flex-start' },
  };
  // Tickets reloads the page when selected (spec §2), so it is a plain link, not a route push.
  const button = item.reload ? (
    <ListItemButton component="a" href={item.navLink ?? '#'} {...common}>
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton component={RouterLink} to={item.navLink ?? '#'} onClick={onNavigate} {...common}>
      {content}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      <Box component="span" sx={{ display: 'block' }}>
        {button}
      </Box>
    </Tooltip>
  ) : (
    button
  );
}

interface MenuContentProps {
  collapsed: boolean;
  onToggleCollapsed?: (() => void) | undefined;
  onNavigate?: (() => void) | undefined;
}

function MenuContent({ collapsed, onToggleCollapsed, onNavigate }: MenuContentProps) {
  const { t } = useTranslation();
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
            {collapsed ? <MenuOpenIcon fontSize="small" sx={{ transform: 'scaleX(-1)' }} /> : <ChevronLeftIcon />}
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
                  sx={{ lineHeight: 1.4, pt: 2, pb: 0.75, bgcolor: 'transparent', opacity: group.disabled ? 0.6 : 1 }}
                >
                  <Typography component="span" variant="overline" sx={{ display: 'block', lineHeight: 1.6 }}>
                    {t(group.title)}
                  </Typography>
                  {group.disabled && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('nav.notEnabled')}
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
    </Box>
  );
}

export interface VerticalMenuProps {
  /** True from 900 px: a permanent drawer; else a temporary one. */
  desktop: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

export function VerticalMenu({ desktop, collapsed, onToggleCollapsed, mobileOpen, onMobileClose }: VerticalMenuProps) {
  if (!desktop) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width: MENU_WIDTH } } }}
      >
        <MenuContent collapsed={false} onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  const width = collapsed ? MENU_COLLAPSED_WIDTH : MENU_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0, transition: 'width 150ms' }}
      slotProps={{ paper: { sx: { width, overflowX: 'hidden', transition: 'width 150ms' } } }}
    >
      <MenuContent collapsed={collapsed} onToggleCollapsed={onToggleCollapsed} />
    </Drawer>
  );
}
