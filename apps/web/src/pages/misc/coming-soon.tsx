/**
 * "Coming soon": every menu screen except Reviews for now (docs/requirements/routes.md routes
 * exist, content not built yet). The same content serves /misc/coming-soon and, inside the shell,
 * each screen.
 */
import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { MiscMessage } from './misc-message.tsx';

export interface ComingSoonContentProps {
  /** The translated name of the screen, e.g. "Complaints"; omitted on /misc/coming-soon. */
  screenName?: string;
  fullPage?: boolean;
}

export function ComingSoonContent({ screenName, fullPage = false }: ComingSoonContentProps) {
  const { t } = useTranslation();
  return (
    <MiscMessage
      fullPage={fullPage}
      icon={<Construction />}
      eyebrow={screenName}
      title={t('misc.comingSoon.title')}
      description={
        screenName ? t('misc.comingSoon.screenDescription', { screen: screenName }) : t('misc.comingSoon.description')
      }
      action={
        fullPage ? (
          <Button component={RouterLink} to={PATHS.home} variant="contained">
            {t('misc.backHome')}
          </Button>
        ) : undefined
      }
    />
  );
}

export function ComingSoonPage() {
  return <ComingSoonContent fullPage />;
}

