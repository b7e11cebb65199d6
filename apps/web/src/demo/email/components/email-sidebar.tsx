/**
 * The email app's left column: Compose, the folders (with the unread and draft badges of
 * `emailsMeta`, docs/requirements/calls.md) and the labels with their colour dots. Every entry is a
 * link, so folders open with Tab and Enter and can be opened in a new tab.
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EMAIL_LABELS, EMAIL_VIEWS, type TEmailsMeta, type TEmailView } from '../schema.ts';
import { LABEL_COLORS } from './email-format.ts';
import { pathOfView, sameView, type EmailScreenView } from './email-view.ts';

const FOLDER_ICONS: Readonly<Record<TEmailView, ReactNode>> = {
  inbox: <MailOutlineIcon fontSize="small" />,
  sent: <SendOutlinedIcon fontSize="small" />,
  draft: <DescriptionOutlinedIcon fontSize="small" />,
  starred: <StarBorderIcon fontSize="small" />,
  spam: <InfoOutlinedIcon fontSize="small" />,
  trash: <DeleteOutlineIcon fontSize="small" />,
};

/** Which badge a folder shows: unread inbox and spam, every draft (docs/requirements/calls.md
 * emailsMeta). */
const BADGES: Partial<Record<TEmailView, { key: keyof TEmailsMeta; color: 'primary' | 'warning' | 'error' }>> = {
  inbox: { key: 'inbox', color: 'primary' },
  draft: { key: 'draft', color: 'warning' },
  spam: { key: 'spam', color: 'error' },
};

export interface EmailSidebarProps {
  view: EmailScreenView;
  meta: TEmailsMeta | undefined;
  onCompose: () => void;
  /** Called after an entry is chosen (closes the phone drawer). */
  onNavigate?: () => void;
}

export function EmailSidebar({ view, meta, onCompose, onNavigate }: EmailSidebarProps) {
  const { t } = useTranslation('demo-email');
  const itemSx = { borderRadius: 1.5, mx: 1.5, mb: 0.25, py: 0.75 } as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto' }}>
      <Box sx={{ p: 2.5, pb: 2 }}>
        <Button fullWidth variant="contained" startIcon={<EditOutlinedIcon />} onClick={onCompose} data-testid="email-compose">
          {t('composeButton')}
        </Button>
      </Box>
      <List component="nav" aria-label={t('folders.label')} dense disablePadding>
        {EMAIL_VIEWS.map((folder) => {
          const target: EmailScreenView = { kind: 'folder', folder };
          const selected = sameView(view, target);
          const badge = BADGES[folder];
          const count = badge && meta ? meta[badge.key] : 0;
          return (
            <ListItemButton
              key={folder}
              component={RouterLink}
              to={pathOfView(target)}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={itemSx}
              data-testid={`email-folder-${folder}`}
            >
              <ListItemIcon sx={{ minWidth: 36, color: selected ? 'primary.main' : 'text.secondary' }}>{FOLDER_ICONS[folder]}</ListItemIcon>
              <ListItemText primary={t(`folders.${folder}`)} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 400 } } }} />
              {badge && count > 0 && (
                <Chip
                  size="small"
                  color={badge.color}
                  variant="outlined"
                  label={count}
                  aria-label={t(folder === 'draft' ? 'folders.draftCount' : 'folders.unreadCount', { count })}
                  sx={{ height: 20, fontWeight: 600 }}
                />
              )}
            </ListItemButton>
          );
        })}
      </List>
      <List
        component="nav"
        dense
        disablePadding
        aria-labelledby="email-labels-heading"
        subheader={
          <ListSubheader id="email-labels-heading" disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px', mt: 2, px: 3, textTransform: 'uppercase', fontSize: 12, letterSpacing: 0.6 }}>
            {t('labels.heading')}
          </ListSubheader>
        }
      >
        {EMAIL_LABELS.map((label) => {
          const target: EmailScreenView = { kind: 'label', label };
          const selected = sameView(view, target);
          return (
            <ListItemButton
              key={label}
              component={RouterLink}
              to={pathOfView(target)}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={itemSx}
              data-testid={`email-label-${label}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${LABEL_COLORS[label]}.main`, ml: 0.5 }} />
              </ListItemIcon>
              <ListItemText primary={t(`labels.${label}`)} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}
