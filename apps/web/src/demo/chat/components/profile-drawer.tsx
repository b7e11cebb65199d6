/**
 * The signed-in user's profile drawer: avatar, name and role, the about text, the
 * status picker (online, away, busy, offline; docs/requirements/data.md) and the two settings
 * switches (two-step verification, notifications). Changes are kept by the documented demo call
 * `POST /apps/chat/users/profile-user`; the about text is saved when the field is left.
 */
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileUser } from '../api/update-profile-user.ts';
import { CHAT_STATUSES, type TChatStatus, type TProfileUser } from '../schema.ts';
import { STATUS_COLORS } from './chat-format.ts';
import { StatusAvatar } from './status-avatar.tsx';

const isStatus = (value: string): value is TChatStatus => (CHAT_STATUSES as readonly string[]).includes(value);

export interface ProfileDrawerProps {
  open: boolean;
  profile: TProfileUser | undefined;
  onClose: () => void;
  notify: (message: string) => void;
}

function AboutField({ profile, onSave }: { profile: TProfileUser; onSave: (about: string) => void }) {
  const { t } = useTranslation('demo-chat');
  const [about, setAbout] = useState(profile.about);
  return (
    <TextField
      fullWidth
      multiline
      minRows={3}
      size="small"
      label={t('drawer.about')}
      value={about}
      onChange={(event) => setAbout(event.target.value)}
      onBlur={() => {
        if (about.trim() !== profile.about) onSave(about.trim());
      }}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

export function ProfileDrawer({ open, profile, onClose, notify }: ProfileDrawerProps) {
  const { t } = useTranslation('demo-chat');
  const update = useUpdateProfileUser();
  const titleId = useId();
  const statusId = useId();
  const onError = { onError: () => notify(t('drawer.saveFailed')) };
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } }, role: 'dialog', 'aria-labelledby': titleId } }}
      data-testid="chat-profile-drawer"
    >
      {profile && (
        <Box sx={{ p: 3, position: 'relative' }}>
          <IconButton aria-label={t('drawer.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8 }}>
            <CloseIcon />
          </IconButton>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', pt: 3, pb: 3, borderBottom: 1, borderColor: 'divider' }}>
            <StatusAvatar name={profile.fullName} avatar={profile.avatar} status={profile.status} size={80} />
            <Typography id={titleId} component="h2" variant="h6" sx={{ mt: 2, fontWeight: 600 }}>
              {profile.fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {profile.role}
            </Typography>
          </Box>
          <Box sx={{ mt: 3 }}>
            <AboutField key={profile.about} profile={profile} onSave={(about) => update.mutate({ about }, onError)} />
          </Box>
          <Typography id={statusId} component="h3" variant="overline" color="text.secondary" sx={{ display: 'block', mt: 3 }}>
            {t('drawer.status')}
          </Typography>
          <RadioGroup
            aria-labelledby={statusId}
            value={profile.status}
            onChange={(event) => {
              const status = event.target.value;
              if (isStatus(status)) update.mutate({ status }, onError);
            }}
          >
            {CHAT_STATUSES.map((status) => (
              <FormControlLabel
                key={status}
                value={status}
                control={<Radio size="small" />}
                data-testid={`chat-status-${status}`}
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLORS[status] }} />
                    {t(`status.${status}`)}
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          <Typography component="h3" variant="overline" color="text.secondary" sx={{ display: 'block', mt: 3 }}>
            {t('drawer.settings')}
          </Typography>
          <FormControlLabel
            sx={{ display: 'flex', justifyContent: 'space-between', ml: 0 }}
            labelPlacement="start"
            label={t('drawer.twoStep')}
            control={
              <Switch
                checked={profile.settings.isTwoStepAuthVerificationEnabled}
                onChange={(_event, checked) => update.mutate({ settings: { isTwoStepAuthVerificationEnabled: checked } }, onError)}
                data-testid="chat-setting-two-step"
              />
            }
          />
          <FormControlLabel
            sx={{ display: 'flex', justifyContent: 'space-between', ml: 0 }}
            labelPlacement="start"
            label={t('drawer.notifications')}
            control={
              <Switch
                checked={profile.settings.isNotificationsOn}
                onChange={(_event, checked) => update.mutate({ settings: { isNotificationsOn: checked } }, onError)}
                data-testid="chat-setting-notifications"
              />
            }
          />
        </Box>
      )}
    </Drawer>
  );
}
