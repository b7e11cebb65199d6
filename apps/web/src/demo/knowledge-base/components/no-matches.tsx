/** The "no results" card of the knowledge base searches (a live status for screen readers). */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function NoMatches({ q }: { q: string }) {
  const { t } = useTranslation('demo-knowledge-base');
  return (
    <Card variant="outlined" role="status" data-testid="kb-no-results">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="h2">
          {t('noResults.title')}
        </Typography>
        <Typography color="text.secondary">{t('noResults.text', { q })}</Typography>
      </CardContent>
    </Card>
  );
}
