/**
 * The two layouts of the template's demo sign-in pages, both blank (no menu, navbar or footer):
 * - `v1`: a centred card on the page background;
 * - `v2`: split, an illustration filling the wide side (md and up) and the form on a side
 *   panel; on phones only the form shows.
 * Each is a `main` landmark with the page's heading, and the brand links back to DineDesk.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthIllustration, type IllustrationKind } from './auth-illustration.tsx';

export type AuthVariant = 'v1' | 'v2';

export interface AuthLayoutProps {
  variant: AuthVariant;
  illustration: IllustrationKind;
  title: string;
  subtitle: string;
  children: ReactNode;
}

function Brand() {
  const { t } = useTranslation('demo-auth');
  return (
    <Link component={RouterLink} to="/" underline="none" aria-label={t('brandHome')} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: 22 }}>
      <Box aria-hidden component="span" sx={{ width: 28, height: 28, borderRadius: 1.5, bgcolor: 'primary.main', display: 'inline-block' }} />
      DineDesk
    </Link>
  );
}

function Heading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {subtitle}
      </Typography>
    </Box>
  );
}

/** The page frame (see the module comment). */
export function AuthLayout({ variant, illustration, title, subtitle, children }: AuthLayoutProps) {
  if (variant === 'v1') {
    return (
      <Box component="main" data-testid="demo-auth-v1" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
        <Card sx={{ width: '100%', maxWidth: 440 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
              <Brand />
            </Box>
            <Heading title={title} subtitle={subtitle} />
            {children}
          </CardContent>
        </Card>
      </Box>
    );
  }
  return (
    <Box component="main" data-testid="demo-auth-v2" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        sx={{
          flex: '1 1 auto',
          display: { xs: 'none', md: 'flex' },
          alignItems: 'center',
          justifyContent: 'center',
          p: 6,
          bgcolor: 'background.default',
          position: 'relative',
        }}
      >
        <Box sx={{ position: 'absolute', top: 32, left: 32 }}>
          <Brand />
        </Box>
        <AuthIllustration kind={illustration} />
      </Box>
      <Box sx={{ width: { xs: '100%', md: 440, lg: 480 }, flexShrink: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', p: { xs: 3, sm: 6 } }}>
        <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 3 }}>
          <Brand />
        </Box>
        <Heading title={title} subtitle={subtitle} />
        {children}
      </Box>
    </Box>
  );
}
