/**
 * /misc/error (docs/requirements/routes.md): the page for a server-side failure ("500"), to send
 * users to when a call fails beyond repair. Render errors inside the app have their own boundary
 * (app/error-boundary.tsx), which offers a reload instead.
 */
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { MiscMessage } from './misc-message.tsx';

/** The full-page "internal server error" screen. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      fullPage
      icon={<ErrorOutline />}
      eyebrow="500"
      title={t('misc.errorPage.title')}
      description={t('misc.errorPage.description')}
      action={
        <Button component={RouterLink} to={PATHS.home} variant="contained">
          {t('misc.backHome')}
        </Button>
      }
    />
  );
}

