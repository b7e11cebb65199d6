/**
 * The states a list shows instead of its rows (one component each, used by every list
 * of the product; they used to be copied between reviews and inbox):
 *
 * - {@link ListSkeleton}: loading. Placeholders the height of the rows they stand for, so
 *   nothing jumps when the rows arrive; a busy region with an accessible name.
 * - {@link ListError}: the first page failed. The reason in the user's language
 *   (`describeError`) and a Retry button.
 * - {@link ListEmpty}: the list has no rows. A title, an optional explanation and action.
 * - {@link ListState}: picks one of them from a TanStack Query result, else renders the rows.
 *
 * A failure while rows are on screen (a later page, a background refetch) keeps the rows: the
 * list's own footer says so, as the paging lists do.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/errors.ts';

/** Widths of chat-bubble placeholders, cycled (a thread never has rows of one width). */
const BUBBLE_WIDTHS = ['55%', '45%', '60%', '40%'] as const;

export interface ListSkeletonProps {
  /** How many placeholders; about what fills the list's visible area. */
  rows?: number;
  /** Height of one placeholder in px: the height of the row it stands for. */
  rowHeight: number;
  /** Gap between placeholders, in theme spacing units. */
  spacing?: number;
  /** `row`: full-width rows (cards, list items); `bubble`: chat messages, alternating sides. */
  shape?: 'row' | 'bubble';
  /** Accessible name of the busy region; "Loading…" in the UI language by default. */
  label?: string;
  sx?: SxProps<Theme>;
}

/** Loading placeholders of a list (see the module comment). */
export function ListSkeleton({ rows = 3, rowHeight, spacing = 1.5, shape = 'row', label, sx }: ListSkeletonProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={spacing} sx={sx} aria-busy="true" aria-label={label ?? t('common.loading')} data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) =>
        shape === 'bubble' ? (
          <Skeleton
            key={i}
            variant="rounded"
            height={rowHeight}
            width={BUBBLE_WIDTHS[i % BUBBLE_WIDTHS.length]}
            sx={i % 2 === 1 ? { alignSelf: 'flex-end' } : undefined}
          />
        ) : (
          <Skeleton key={i} variant="rounded" height={rowHeight} />
        ),
      )}
    </Stack>
  );
}

export interface ListErrorProps {
  /** What the query threw (an `ApiError` is described by status and message). */
  error: unknown;
  /** Asks again (the query's `refetch`). */
  onRetry: () => unknown;
  sx?: SxProps<Theme>;
}

/** The list could not be loaded: why, and Retry (see the module comment). */
export function ListError({ error, onRetry, sx }: ListErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {t('common.retry')}
        </Button>
      }
    >
      {describeError(error, t)}
    </Alert>
  );
}

export interface ListEmptyProps {
  /** One line saying what is missing ("No reviews yet"). */
  title: string;
  /** Why, or what to do about it. */
  description?: ReactNode;
  /** A button that changes the outcome (clear the filters). */
  action?: ReactNode;
  /** A decorative icon above the title (hidden from assistive technology). */
  icon?: ReactNode;
  /** `data-testid` of the region, for tests and journeys. */
  testId?: string;
  sx?: SxProps<Theme>;
}

/** The list has no rows (see the module comment). */
export function ListEmpty({ title, description, action, icon, testId, sx }: ListEmptyProps) {
  return (
    <Box data-testid={testId} sx={[{ p: 4, textAlign: 'center', color: 'text.secondary', m: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {icon && (
        <Box aria-hidden sx={{ color: 'action.disabled', mb: 1, '& svg': { fontSize: 44 } }}>
          {icon}
        </Box>
      )}
      <Typography variant="subtitle1" component="p" color="text.primary" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

/** The part of a TanStack Query result (plain or infinite) that decides the state. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListStateProps {
  query: ListQueryState;
  /** Whether the query has no rows to show (false while rows from earlier pages are shown). */
  isEmpty: boolean;
  /** The loading placeholders, sized like the rows. */
  skeleton: ListSkeletonProps;
  /** What an empty list shows: usually a {@link ListEmpty}. */
  empty: ReactNode;
  /** Spacing around the error alert, to sit like the rows would. */
  errorSx?: SxProps<Theme>;
  /** The rows. */
  children: ReactNode;
}

/**
 * Loading → {@link ListSkeleton}; failed with nothing to show → {@link ListError} with Retry;
 * no rows → `empty`; otherwise the rows.
 */
export function ListState({ query, isEmpty, skeleton, empty, errorSx, children }: ListStateProps) {
  if (query.isPending) return <ListSkeleton {...skeleton} />;
  if (query.isError && isEmpty) return <ListError error={query.error} onRetry={query.refetch} sx={errorSx} />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
