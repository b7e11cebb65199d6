/**
 * The Notifications tab (docs/requirements/data.md `notification`): six on/off choices, grouped as
 * the template does (activity, application). Save sends `{notification}`.
 */
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAccountNotification, TNotificationSetting } from '../schema.ts';
import { FormActions } from './general-tab.tsx';
import type { SaveSection } from './save-section.ts';

const GROUPS: readonly { key: 'activity' | 'application'; settings: readonly TNotificationSetting[] }[] = [
  { key: 'activity', settings: ['commentOnArticle', 'answerOnForm', 'followMe'] },
  { key: 'application', settings: ['newAnnouncements', 'productUpdates', 'blogDigest'] },
];

/** The Notifications tab over the saved `notification` section. */
export function NotificationsTab({ notification, save }: { notification: TAccountNotification; save: SaveSection }) {
  const { t } = useTranslation('demo-account');
  const { handleSubmit, formState, reset, control } = useForm<TAccountNotification>({ defaultValues: notification });
  const submit = handleSubmit(async (values) => {
    const saved = await save({ notification: values });
    if (saved) reset(saved.notification);
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('tabs.notification')} data-testid="account-notification">
      {GROUPS.map((group) => (
        <Box key={group.key} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2.5 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t(`notification.${group.key}`)}
          </Typography>
          <FormGroup>
            {group.settings.map((setting) => (
              <Controller
                key={setting}
                name={setting}
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        name={field.name}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { 'data-testid': `account-notify-${setting}` } as object }}
                      />
                    }
                    label={t(`notification.${setting}`)}
                  />
                )}
              />
            ))}
          </FormGroup>
        </Box>
      ))}
      <FormActions dirty={formState.isDirty} pending={formState.isSubmitting} onReset={() => reset(notification)} testId="account-notification-save" />
    </Box>
  );
}
