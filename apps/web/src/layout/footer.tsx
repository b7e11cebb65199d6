/**
 * Footer (docs/requirements/data.md: static by default). `sticky` keeps it on screen at the bottom
 * of the viewport on a surface of its own; `hidden` is handled by the shell (no footer rendered).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The footer line; `sticky` pins it to the bottom of the viewport. */
export function Footer({ sticky = false }: { sticky?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      data-testid="footer"
      sx={{
        px: 3,
        py: 2,
        ...(sticky
          ? {
              position: 'sticky',
              bottom: 0,
              zIndex: (theme) => theme.zIndex.appBar - 1,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
            }
          : {}),
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('layout.footer', { year: new Date().getFullYear(), name: t('app.name') })}
      </Typography>
    </Box>
  );
}
