/**
 * A knowledge base category page (`/pages/knowledge-base/:category`): the category's title
 * in a search banner (`q` in the URL), then its six sections (docs/requirements/routes.md: Account
 * Settings, API Questions, Billing, Copyright & Legal, Mobile Apps, Using KnowHow) as cards listing
 * their questions, filtered by the search; a question opens its page. An unknown category shows
 * "not found".
 */
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import { SearchBanner } from '../../faq/components/search-banner.tsx';
import { useKbItems } from '../api/get-items.ts';
import { useKbSections } from '../api/get-sections.ts';
import { KB_BASE } from '../schema.ts';
import { KbBreadcrumbs } from './kb-breadcrumbs.tsx';
import { filterSections, KbSectionIcon, paletteOf } from './kb-format.tsx';
import { KbLoadProblem } from './kb-not-found.tsx';
import { NoMatches } from './no-matches.tsx';

export function KbCategory() {
  const { t } = useTranslation('demo-knowledge-base');
  const category = useParams().category ?? '';
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const items = useKbItems();
  const sections = useKbSections(category);

  if (items.isPending || sections.isPending) return <Skeleton variant="rounded" height={480} aria-label={t('loading')} />;
  const item = items.data?.find((candidate) => candidate.category === category);
  if (sections.isError) return <KbLoadProblem error={sections.error} />;
  if (items.isError) return <KbLoadProblem error={items.error} />;
  if (!item) return <KbLoadProblem error="missing" />;
  const shown = filterSections(sections.data, q);

  return (
    <Box data-testid="kb-category">
      <KbBreadcrumbs category={{ id: category, title: item.title }} />
      <SearchBanner
        heading={item.title}
        subheading={item.desc}
        label={t('category.search')}
        value={q}
        onChange={(value) => update((next) => applyParams(next, { q: value }), { replace: true })}
        testId="kb-category-search"
      />
      {shown.length === 0 ? (
        <NoMatches q={q} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {shown.map((section) => {
            const color = paletteOf(section.iconColor);
            const headingId = `kb-section-${section.id}`;
            return (
              <Card key={section.id} component="section" aria-labelledby={headingId} variant="outlined" data-testid="kb-section">
                <CardContent>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
                    <Avatar variant="rounded" sx={(theme) => ({ bgcolor: alpha(theme.palette[color].main, 0.16), color: `${color}.main` })}>
                      <KbSectionIcon name={section.icon} />
                    </Avatar>
                    <Typography id={headingId} variant="h6" component="h2">
                      {section.title} <Typography component="span" color="text.secondary">({section.questions.length})</Typography>
                    </Typography>
                  </Box>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {section.questions.map((question) => (
                      <Box component="li" key={question.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75 }}>
                        <ArticleOutlined fontSize="small" color="action" aria-hidden />
                        <Link component={RouterLink} to={`${KB_BASE}/${category}/${question.slug}`} underline="hover" data-testid="kb-question-link">
                          {question.question}
                        </Link>
                      </Box>
                    ))}
                  </Box>
                </CardContent>
              </Card>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
