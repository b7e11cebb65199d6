/**
 * "Not authorized" (docs/requirements/routes.md /misc/not-authorized): shown on its own route and,
 * inside the shell, in place of a route the user's abilities do not allow
 * (docs/requirements/roles.md).
 */
import Lock from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { MiscMessage } from './misc-message.tsx';

export function NotAuthorizedContent({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <MiscMessage
      fullPage={fullPage}
      icon={<Lock />}
      eyebrow={t('misc.notAuthorized.eyebrow')}
      title={t('misc.notAuthorized.title')}
      description={t('misc.notAuthorized.description')}
      action={
        <Button component={RouterLink} to={PATHS.home} variant="contained">
          {t('misc.backHome')}
        </Button>
      }
    />
  );
}

export function NotAuthorizedPage() {
  return <NotAuthorizedContent fullPage />;
}

