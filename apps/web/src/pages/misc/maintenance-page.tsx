/** /misc/maintenance (docs/requirements/routes.md): shown while DineDesk is down for planned
 * work. */
import Build from '@mui/icons-material/Build';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { MiscMessage } from './misc-message.tsx';

/** The full-page maintenance screen. */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      fullPage
      icon={<Build />}
      title={t('misc.maintenance.title')}
      description={t('misc.maintenance.description')}
      action={
        <Button component={RouterLink} to={PATHS.home} variant="contained">
          {t('misc.backHome')}
        </Button>
      }
    />
  );
}

