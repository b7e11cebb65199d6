/**
 * Floating white navbar (spec §3 layout default): a Paper with margin above the content,
 * the menu button under 900 px, and the user menu (full name, role, logout).
 */
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TUserData } from '@dinedesk/contracts';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Up to two initials for the avatar ("Asha Rao" → "AR"). */
export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export interface NavbarProps {
  user: TUserData;
  showMenuButton: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  /** Shown instead of the client's name (the client switcher for users of several clients). */
  clientSlot?: ReactNode | undefined;
}

export function Navbar({ user, showMenuButton, onOpenMenu, onLogout, loggingOut, clientSlot }: NavbarProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const role = t(`roles.${user.role}`);

  return (
    // The sticky band fades the content scrolling under the floating navbar.
    <Box
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        px: { xs: 1.5, sm: 3 },
        pt: 1.5,
        pb: 1,
        background: (theme) =>
          `linear-gradient(180deg, ${theme.palette.background.default} 70%, rgba(245, 245, 249, 0))`,
      }}
    >
      <Paper
        component="header"
        elevation={0}
        sx={{
          px: 1.5,
          minHeight: 60,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          boxShadow: '0 2px 8px rgba(47, 43, 61, 0.12)',
        }}
      >
        {showMenuButton && (
          <IconButton onClick={onOpenMenu} aria-label={t('layout.openMenu')} edge="start">
            <MenuIcon />
          </IconButton>
        )}
        {clientSlot ?? (user.client && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.client.name}
          </Typography>
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {user.fullName}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {role}
          </Typography>
        </Box>
        <IconButton
          data-testid="user-menu"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          aria-label={t('layout.userMenu', { name: user.fullName })}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
        >
          <Avatar sx={{ width: 38, height: 38, bgcolor: 'primary.main', fontSize: 15 }}>{initialsOf(user.fullName)}</Avatar>
        </IconButton>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={open}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
            <Typography variant="subtitle2">{user.fullName}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {role}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {user.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            data-testid="logout"
            disabled={loggingOut}
            onClick={() => {
              setAnchor(null);
              onLogout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {loggingOut ? t('layout.loggingOut') : t('layout.logout')}
          </MenuItem>
        </Menu>
      </Paper>
    </Box>
  );
}
