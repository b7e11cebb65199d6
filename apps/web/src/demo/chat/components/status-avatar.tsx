/**
 * An avatar with the presence dot in docs/requirements/data.md (online, away, busy, offline): the
 * image when there is one, else initials; the status is also named for screen readers.
 */
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { srOnly } from '../../../components/sr-only.ts';
import type { TChatStatus } from '../schema.ts';
import { initialsOf, STATUS_COLORS } from './chat-format.ts';

export interface StatusAvatarProps {
  name: string;
  avatar: string;
  status: TChatStatus;
  /** Diameter in px. */
  size?: number;
}

export function StatusAvatar({ name, avatar, status, size = 38 }: StatusAvatarProps) {
  const { t } = useTranslation('demo-chat');
  const dot = Math.max(8, Math.round(size / 4));
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{
        badge: {
          sx: {
            bgcolor: STATUS_COLORS[status],
            width: dot,
            height: dot,
            minWidth: dot,
            borderRadius: '50%',
            boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          },
        },
      }}
    >
      <Avatar src={avatar || undefined} alt="" sx={{ width: size, height: size, fontSize: size * 0.38, bgcolor: 'primary.light' }}>
        {initialsOf(name)}
      </Avatar>
      <Box component="span" sx={srOnly}>
        {t(`status.${status}`)}
      </Box>
    </Badge>
  );
}
