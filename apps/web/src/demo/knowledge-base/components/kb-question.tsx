/**
 * A knowledge base question page (`/pages/knowledge-base/:category/:question`): the question,
 * when it was last updated, its answer (HTML from the mock, sanitised) and the related
 * questions of its section beside it (under it on narrow screens).
 */
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useKbItems } from '../api/get-items.ts';
import { useKbQuestion } from '../api/get-question.ts';
import { KB_BASE } from '../schema.ts';
import { KbBreadcrumbs } from './kb-breadcrumbs.tsx';
import { formatDay, sanitizeKbHtml } from './kb-format.tsx';
import { KbLoadProblem } from './kb-not-found.tsx';

export function KbQuestion() {
  const { t, i18n } = useTranslation('demo-knowledge-base');
  const { category = '', question: slug = '' } = useParams();
  const items = useKbItems();
  const page = useKbQuestion(category, slug);

  if (items.isPending || page.isPending) return <Skeleton variant="rounded" height={480} aria-label={t('loading')} />;
  if (page.isError) return <KbLoadProblem error={page.error} />;
  if (items.isError) return <KbLoadProblem error={items.error} />;
  const item = items.data.find((candidate) => candidate.category === category);
  if (!item) return <KbLoadProblem error="missing" />;
  const question = page.data;

  return (
    <Box data-testid="kb-question">
      <KbBreadcrumbs category={{ id: category, title: item.title }} question={question.title} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined" component="article" aria-labelledby="kb-question-title">
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography id="kb-question-title" variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
              {question.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }} data-testid="kb-question-updated">
              {t('question.lastUpdated', { date: formatDay(question.lastUpdated, i18n.language) })}
            </Typography>
            <Box
              sx={{ '& p': { mt: 0, mb: 2, lineHeight: 1.7 }, '& h3': { typography: 'h6', mt: 3, mb: 1 }, '& ol, & ul': { pl: 3, mb: 2 } }}
              // The mock's HTML, sanitised: formatting only.
              dangerouslySetInnerHTML={{ __html: sanitizeKbHtml(question.content) }}
              data-testid="kb-question-content"
            />
          </CardContent>
        </Card>
        <Card variant="outlined" component="aside" aria-labelledby="kb-related-heading">
          <CardContent>
            <Typography id="kb-related-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t('question.related')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="kb-related">
              {question.relatedQuestions.map((related) => (
                <Box component="li" key={related.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75 }}>
                  <ArticleOutlined fontSize="small" color="action" aria-hidden />
                  <Link component={RouterLink} to={`${KB_BASE}/${category}/${related.slug}`} underline="hover">
                    {related.question}
                  </Link>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
