/**
 * `/pages/account-settings` (docs/requirements/routes.md demo routes,
 * docs/requirements/data.md#account-settings and calls.md): the template's account settings over
 * `GET /account-setting/data`, in four tabs (General, Information, Social, Notifications; the tab
 * is in the URL as `?tab=`). Each tab's Save sends its section to this app's update call (`POST
 * /account-setting/update`) and says whether it was saved.
 */
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LinkIcon from '@mui/icons-material/Link';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAccountSettings } from './api/get-account-settings.ts';
import { useUpdateAccountSettings } from './api/update-account-settings.ts';
import { GeneralTab } from './components/general-tab.tsx';
import { InfoTab } from './components/info-tab.tsx';
import { NotificationsTab } from './components/notifications-tab.tsx';
import type { SaveSection } from './components/save-section.ts';
import { SocialTab } from './components/social-tab.tsx';

const TABS = [
  { key: 'general', icon: <PersonOutline /> },
  { key: 'info', icon: <InfoOutlined /> },
  { key: 'social', icon: <LinkIcon /> },
  { key: 'notification', icon: <NotificationsNone /> },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab.key === value);

/** The account settings screen (see the module comment). */
export default function AccountApp() {
  const { t } = useTranslation('demo-account');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isTab(requested) ? requested : 'general';
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const [toast, setToast] = useState<{ key: number; ok: boolean } | null>(null);

  const save: SaveSection = async (change) => {
    try {
      const saved = await update.mutateAsync(change);
      setToast({ key: Date.now(), ok: true });
      return saved;
    } catch {
      setToast({ key: Date.now(), ok: false });
      return null;
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: TabKey) => setParams(value === 'general' ? {} : { tab: value })}
        aria-label={t('tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map(({ key, icon }) => (
          <Tab key={key} value={key} label={t(`tabs.${key}`)} icon={icon} iconPosition="start" id={`account-tab-${key}`} aria-controls="account-panel" data-testid={`account-tab-${key}`} />
        ))}
      </Tabs>
      <Card role="tabpanel" id="account-panel" aria-labelledby={`account-tab-${tab}`}>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          {settings.isPending ? (
            <Skeleton variant="rounded" height={320} aria-label={t('loading')} />
          ) : settings.isError ? (
            <Alert severity="error" action={<Button onClick={() => void settings.refetch()}>{t('actions.retry')}</Button>}>
              {t('loadFailed')}
            </Alert>
          ) : tab === 'general' ? (
            <GeneralTab general={settings.data.general} save={save} />
          ) : tab === 'info' ? (
            <InfoTab info={settings.data.info} save={save} />
          ) : tab === 'social' ? (
            <SocialTab social={settings.data.social} general={settings.data.general} save={save} />
          ) : (
            <NotificationsTab notification={settings.data.notification} save={save} />
          )}
        </CardContent>
      </Card>
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={4000}
        onClose={() => setToast(null)}
        message={toast ? t(toast.ok ? 'saved' : 'saveFailed') : ''}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ content: { 'data-testid': 'account-toast' } as object }}
      />
    </Box>
  );
}
