/**
 * The contact's profile drawer: avatar with status, name, role, status and about.
 * A modal drawer from the right: Escape or the close button closes it.
 */
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatContact } from '../schema.ts';
import { STATUS_COLORS } from './chat-format.ts';
import { StatusAvatar } from './status-avatar.tsx';

export interface ContactDrawerProps {
  contact: TChatContact | null;
  onClose: () => void;
}

export function ContactDrawer({ contact, onClose }: ContactDrawerProps) {
  const { t } = useTranslation('demo-chat');
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={contact !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } }, role: 'dialog', 'aria-labelledby': titleId } }}
      data-testid="chat-contact-drawer"
    >
      {contact && (
        <Box sx={{ p: 3, position: 'relative' }}>
          <IconButton aria-label={t('drawer.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8 }}>
            <CloseIcon />
          </IconButton>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', pt: 3, pb: 3, borderBottom: 1, borderColor: 'divider' }}>
            <StatusAvatar name={contact.fullName} avatar={contact.avatar} status={contact.status} size={80} />
            <Typography id={titleId} component="h2" variant="h6" sx={{ mt: 2, fontWeight: 600 }}>
              {contact.fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {contact.role}
            </Typography>
          </Box>
          <Typography component="h3" variant="overline" color="text.secondary" sx={{ display: 'block', mt: 3 }}>
            {t('drawer.about')}
          </Typography>
          <Typography variant="body2">{contact.about}</Typography>
          <Typography component="h3" variant="overline" color="text.secondary" sx={{ display: 'block', mt: 3 }}>
            {t('drawer.status')}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={t(`status.${contact.status}`)}
            icon={<Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: STATUS_COLORS[contact.status], ml: '8px !important' }} />}
          />
        </Box>
      )}
    </Drawer>
  );
}
