/**
 * Shown while the first lazy route loads. Plain markup on purpose: it is in the entry chunk,
 * and a spinner component would cost more than it shows.
 */
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, background: '#6357e0', opacity: 0.6 }}
    />
  );
}
