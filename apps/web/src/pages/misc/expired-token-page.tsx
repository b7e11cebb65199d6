/** /misc/expired-token: where a 401 lands (docs/requirements/routes.md, states.md and
 * errors.md). */
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { MiscMessage } from './misc-message.tsx';

export function ExpiredTokenPage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      fullPage
      icon={<HourglassBottom />}
      title={t('misc.expiredToken.title')}
      description={t('misc.expiredToken.description')}
      action={
        <Button component={RouterLink} to={PATHS.login} variant="contained">
          {t('misc.expiredToken.action')}
        </Button>
      }
    />
  );
}

