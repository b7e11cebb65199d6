/**
 * The navbar's user menu (docs/requirements/data.md): full name, role and email, and logout. A
 * chunk of its own, fetched when the avatar button is pointed at, focused or clicked (navbar.tsx),
 * so MUI's Menu and Popover are not part of a screen's first paint.
 */
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { TUserData } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';

export interface UserMenuProps {
  id: string;
  /** The avatar button; the menu is open while it is set. */
  anchor: HTMLElement | null;
  onClose: () => void;
  user: TUserData;
  /** The user's role in the UI language. */
  role: string;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The user's details and the logout entry, anchored under the avatar. */
function UserMenu({ id, anchor, onClose, user, role, onLogout, loggingOut }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
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
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {loggingOut ? t('layout.loggingOut') : t('layout.logout')}
      </MenuItem>
    </Menu>
  );
}

export default UserMenu;
