/** Static footer (spec §3 layout default). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: 3, py: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('layout.footer', { year: new Date().getFullYear(), name: t('app.name') })}
      </Typography>
    </Box>
  );
}
