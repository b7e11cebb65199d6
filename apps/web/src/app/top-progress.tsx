/** Thin progress bar at the top of the viewport while a lazy part of the app loads. */
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

export function TopProgress() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (th) => th.zIndex.tooltip }}
    />
  );
}
