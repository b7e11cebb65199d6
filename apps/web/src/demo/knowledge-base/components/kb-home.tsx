/**
 * The knowledge base home page (`/pages/knowledge-base`): the search banner (`q` in the URL)
 * and the six knowledge base items as cards, filtered by the search on title and description;
 * each card opens its category page.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import { SearchBanner } from '../../faq/components/search-banner.tsx';
import { useKbItems } from '../api/get-items.ts';
import { KB_BASE } from '../schema.ts';
import { filterItems } from './kb-format.tsx';
import { NoMatches } from './no-matches.tsx';

export function KbHome() {
  const { t } = useTranslation('demo-knowledge-base');
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const items = useKbItems();
  const shown = items.data ? filterItems(items.data, q) : [];

  return (
    <Box data-testid="kb-home">
      <SearchBanner
        heading={t('home.heading')}
        subheading={t('home.subheading')}
        label={t('home.search')}
        value={q}
        onChange={(value) => update((next) => applyParams(next, { q: value }), { replace: true })}
        testId="kb-search"
      />
      {items.isPending ? (
        <Skeleton variant="rounded" height={320} aria-label={t('loading')} />
      ) : items.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : shown.length === 0 ? (
        <NoMatches q={q} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }} data-testid="kb-items">
          {shown.map((item) => (
            <li key={item.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`${KB_BASE}/${item.category}`} sx={{ height: '100%' }} data-testid="kb-item">
                  <Box component="img" src={item.img} alt="" sx={{ width: '100%', aspectRatio: '240 / 140', display: 'block' }} />
                  <CardContent sx={{ textAlign: 'center' }}>
                    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                      {item.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {item.desc}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
