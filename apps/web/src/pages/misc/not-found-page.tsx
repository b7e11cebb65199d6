/** 404 for any unknown path (outside the shell, so it also works signed out). */
import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { MiscMessage } from './misc-message.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      fullPage
      icon={<SearchOff />}
      eyebrow={t('misc.notFound.eyebrow')}
      title={t('misc.notFound.title')}
      description={t('misc.notFound.description')}
      action={
        <Button component={RouterLink} to={PATHS.home} variant="contained">
          {t('misc.backHome')}
        </Button>
      }
    />
  );
}

