/** The trail above the category and question pages: Knowledge base › category › question. */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { KB_BASE } from '../schema.ts';

export interface KbBreadcrumbsProps {
  /** The category's slug and title; the last crumb when there is no question. */
  category: { id: string; title: string };
  question?: string;
}

export function KbBreadcrumbs({ category, question }: KbBreadcrumbsProps) {
  const { t } = useTranslation('demo-knowledge-base');
  return (
    <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ mb: 2 }}>
      <Link component={RouterLink} to={KB_BASE} underline="hover" color="inherit">
        {t('title')}
      </Link>
      {question ? (
        <Link component={RouterLink} to={`${KB_BASE}/${category.id}`} underline="hover" color="inherit">
          {category.title}
        </Link>
      ) : (
        <Typography color="text.primary" aria-current="page">
          {category.title}
        </Typography>
      )}
      {question && (
        <Typography color="text.primary" aria-current="page">
          {question}
        </Typography>
      )}
    </Breadcrumbs>
  );
}
