/** What a blog page shows for a missing or unreadable post, and the `:id` of its route. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { BLOG_BASE } from '../schema.ts';

/** The route's post id, or undefined when it is not a whole number. */
export function usePostIdParam(): number | undefined {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  return raw !== '' && Number.isInteger(id) ? id : undefined;
}

/** "Not found" for a 404 (or a malformed id), else "could not load"; both link back to the list. */
export function BlogLoadProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('demo-blog');
  const missing = error === 'missing' || (error instanceof DemoRequestError && (error.status === 404 || error.status === 400));
  return (
    <Alert
      severity={missing ? 'warning' : 'error'}
      action={
        <Button component={RouterLink} to={`${BLOG_BASE}/list`} color="inherit" size="small">
          {t('backToList')}
        </Button>
      }
      data-testid="blog-problem"
    >
      {missing ? t('notFound') : t('loadFailed')}
    </Alert>
  );
}
