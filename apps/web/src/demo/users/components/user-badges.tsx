/**
 * Small pieces every user screen shows the same way: the avatar (image, or initials on a
 * palette colour picked from the id), the role with its icon (the template's icons and
 * colours), and the status chip (active success, pending warning, inactive neutral).
 */
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import type { TUser, TUserRole, TUserStatus } from '../schema.ts';

type PaletteKey = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

const AVATAR_COLORS: readonly PaletteKey[] = ['primary', 'success', 'error', 'warning', 'info', 'secondary'];

const ROLE_STYLE: Readonly<Record<TUserRole, { icon: SvgIconComponent; color: PaletteKey }>> = {
  admin: { icon: AdminPanelSettingsOutlined, color: 'error' },
  editor: { icon: EditOutlined, color: 'info' },
  author: { icon: SettingsOutlined, color: 'warning' },
  maintainer: { icon: StorageOutlined, color: 'success' },
  subscriber: { icon: PersonOutline, color: 'primary' },
};

const STATUS_COLOR: Readonly<Record<TUserStatus, 'success' | 'warning' | 'default'>> = {
  active: 'success',
  pending: 'warning',
  inactive: 'default',
};

/** "Ada Lovelace" → "AL". */
export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** The user's avatar image, or initials on a colour of the palette (decorative: the name is beside it). */
export function UserAvatar({ user, size = 38 }: { user: Pick<TUser, 'id' | 'fullName' | 'avatar'>; size?: number }) {
  const color = AVATAR_COLORS[user.id % AVATAR_COLORS.length] ?? 'primary';
  if (user.avatar) return <Avatar src={user.avatar} alt="" sx={{ width: size, height: size }} />;
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: `${color}.light`, color: `${color}.contrastText` }}>
      {initialsOf(user.fullName)}
    </Avatar>
  );
}

/** The role with its icon. */
export function RoleLabel({ role }: { role: TUserRole }) {
  const { t } = useTranslation('demo-users');
  const { icon: Icon, color } = ROLE_STYLE[role];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Icon fontSize="small" sx={{ color: `${color}.main` }} aria-hidden />
      {t(`roles.${role}`)}
    </Box>
  );
}

/** The status as a small chip. */
export function StatusChip({ status }: { status: TUserStatus }) {
  const { t } = useTranslation('demo-users');
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`statuses.${status}`)} data-testid="user-status" />;
}
