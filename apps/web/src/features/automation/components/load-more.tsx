/**
 * The footer of a keyset-paged list (drafts, history): "Load more" while the server has another
 * page, the end of the list otherwise, and a failed page's reason above it (the rows stay).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  error: string | null;
  labels: { more: string; loading: string; end: string };
  testId: string;
}

export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, error, labels, testId }: LoadMoreProps) {
  return (
    <Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2, minHeight: 40 }}>
        {hasNextPage ? (
          <Button variant="outlined" onClick={fetchNextPage} disabled={isFetchingNextPage} startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined} data-testid={testId}>
            {isFetchingNextPage ? labels.loading : labels.more}
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {labels.end}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
