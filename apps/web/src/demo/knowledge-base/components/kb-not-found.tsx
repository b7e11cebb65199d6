/** What a knowledge base page shows for an unknown category or question: a plain message and the way back. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { KB_BASE } from '../schema.ts';

/** "Not found" for a 404 (or a category the items do not know), else "could not load". */
export function KbLoadProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('demo-knowledge-base');
  const missing = error === 'missing' || (error instanceof DemoRequestError && error.status === 404);
  return (
    <Alert
      severity={missing ? 'warning' : 'error'}
      action={
        <Button component={RouterLink} to={KB_BASE} color="inherit" size="small">
          {t('backToHome')}
        </Button>
      }
      data-testid="kb-problem"
    >
      {missing ? t('notFound') : t('loadFailed')}
    </Alert>
  );
}
