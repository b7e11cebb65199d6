/**
 * The customizer's handle: a gear on the edge of the screen (outside the navbar, so it stays
 * reachable when the navbar is hidden). The panel itself is fetched on first open.
 */
import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const Customizer = lazy(() => import('./customizer.tsx'));

/** The gear button that opens the customizer (fetched on first click). */
export function CustomizerToggle() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <IconButton
        data-testid="customizer-toggle"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        aria-label={t('customizer.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        sx={{
          position: 'fixed',
          top: '50%',
          right: 0,
          zIndex: (theme) => theme.zIndex.speedDial,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: '8px 0 0 8px',
          boxShadow: 3,
          '&:hover': { bgcolor: 'primary.dark' },
        }}
      >
        <SettingsIcon />
      </IconButton>
      {requested && (
        <Suspense fallback={null}>
          <Customizer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
