/**
 * The template's page-layout demos (docs/requirements/routes.md `/page-layout/*`): each route shows
 * one layout variant. The variant itself is applied by the route (routes.ts: shell overrides, or no
 * shell for the blank layout); the page says what the visitor is looking at.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDemoMock } from '../mock/start.ts';
import type { PageLayoutVariant } from './routes.ts';
import { PATHS } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Title and explanation of one layout variant (the blank one fills the screen itself). */
function PageLayoutPage({ variant }: { variant: PageLayoutVariant }) {
  const { t } = useTranslation('demo');
  useDocumentTitle(t(`pageLayouts.${variant}.title`));
  // A demo route: the demo mock starts here, never on a product screen (demo/mock/start.ts).
  useDemoMock();
  const blank = variant === 'layoutBlank';
  const heading = (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {t('pageLayouts.group')}
      </Typography>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {t(`pageLayouts.${variant}.title`)}
      </Typography>
    </Box>
  );
  const note = (
    <Alert severity="info" data-testid="page-layout-note">
      {t(`pageLayouts.${variant}.description`)}
    </Alert>
  );

  if (blank) {
    return (
      <Box
        component="main"
        data-testid="blank-layout"
        sx={{
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          p: 3,
          bgcolor: 'background.default',
          color: 'text.primary',
        }}
      >
        <Box sx={{ maxWidth: 560, display: 'grid', gap: 2 }}>
          {heading}
          {note}
          <Box>
            <Button component={RouterLink} to={PATHS.home} variant="contained" startIcon={<ArrowBack />}>
              {t('pageLayouts.back')}
            </Button>
          </Box>
        </Box>
      </Box>
    );
  }
  // The empty layout is the shell with nothing in its content but its title and this note.
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid={`page-layout-${variant}`}>
      {heading}
      {note}
    </Box>
  );
}

export default PageLayoutPage;
