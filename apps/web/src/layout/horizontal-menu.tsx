/**
 * Horizontal menu (docs/requirements/data.md menu layout "horizontal"), desktop only: one button
 * per menu group under the navbar, each opening a menu of its entries. The same data, ability
 * filter and disabled-group rule as the vertical menu (navigation.ts, docs/requirements/roles.md);
 * Tickets reloads the page (docs/requirements/routes.md). Loaded on demand: the default layout is
 * vertical.
 *
 * The bar is a list of its groups (`<ul>`/`<li>`); each group's entries are a menu
 * (`role="menu"`, MUI's menu keyboard handling). Disabled groups keep a legible grey
 * (`text.disabled`, 4.5:1) rather than a lowered opacity.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useAbility } from '@casl/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { AppAbility } from '../lib/ability.ts';
import { navigation, visibleNavigation, type NavItem } from './navigation.ts';
import { isActive } from './vertical-menu.tsx';

function GroupMenu({ group }: { group: NavItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const GroupIcon = group.icon;
  const current = group.children?.some((item) => isActive(pathname, item.navLink)) ?? false;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color={current ? 'primary' : 'inherit'}
        variant={current ? 'contained' : 'text'}
        disableElevation
        startIcon={<GroupIcon fontSize="small" />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap', ...(group.disabled && !current ? { color: 'text.disabled' } : {}) }}
      >
        {t(group.title)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={close}>
        {group.disabled && (
          <MenuItem disabled dense>
            <ListItemText secondary={t(group.disabledReason ?? 'nav.notEnabled')} />
          </MenuItem>
        )}
        {group.children?.map((item) => {
          const Icon = item.icon;
          const active = isActive(pathname, item.navLink);
          const content = (
            <>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(item.title)} secondary={item.disabled && !group.disabled ? t(item.disabledReason ?? 'nav.notEnabled') : undefined} />
            </>
          );
          const common = {
            disabled: Boolean(group.disabled || item.disabled),
            selected: active,
            'aria-current': active ? ('page' as const) : undefined,
          };
          return item.reload ? (
            <MenuItem key={item.id} component="a" href={item.navLink ?? '#'} {...common}>
              {content}
            </MenuItem>
          ) : (
            <MenuItem key={item.id} component={RouterLink} to={item.navLink ?? '#'} onClick={close} {...common}>
              {content}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/** The menu groups as a bar of buttons; `floating` matches the floating navbar's card look. */
export function HorizontalMenu({ floating }: { floating: boolean }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const groups = useMemo(() => visibleNavigation(navigation, ability), [ability]);
  return (
    <Paper
      component="nav"
      aria-label={t('layout.mainMenu')}
      data-testid="horizontal-menu"
      elevation={0}
      square={!floating}
      sx={{
        mt: floating ? 1 : 0,
        px: 1.5,
        py: 0.75,
        display: 'flex',
        gap: 0.5,
        overflowX: 'auto',
        borderTop: floating ? 0 : 1,
        borderColor: 'divider',
        boxShadow: floating ? '0 2px 8px rgba(47, 43, 61, 0.12)' : 'none',
      }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {groups.map((group) => (
          <li key={group.id}>
            <GroupMenu group={group} />
          </li>
        ))}
      </Box>
      <Box sx={{ flexGrow: 1 }} />
    </Paper>
  );
}

export default HorizontalMenu;
