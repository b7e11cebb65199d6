/**
 * The frame of every dashboard card: a titled section of a fixed height with an optional control
 * (a period or year picker) beside the title, and a body that shows, in the same box:
 * - while the first answer loads, a placeholder of the card's final size (no layout shift);
 * - if the call failed, the failure in plain words and a "Try again" button;
 * - the figures (`children`), kept on screen while another period loads (`aria-busy`).
 * `data-state` (`loading`, `error`, `ready`) tells tests and screenshots what the card shows.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A card's height in px, one for all widths or per breakpoint. */
export type CardHeight = number | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/** Height of the larger cards (gauges, donuts, wide charts) from the `md` breakpoint up, px. */
export const LARGE_CARD_HEIGHT = 420;

/** What the placeholder looks like: a chart under a figure, a round chart, or a wide chart. */
export type CardSkeletonShape = 'statistic' | 'round' | 'wide';

export interface DashboardCardProps<T> {
  title: string;
  /** A line under the title, e.g. the period the figures cover. */
  subtitle?: string | undefined;
  /** The card's height in px (or per breakpoint), the same in every state. */
  height: CardHeight;
  testId: string;
  query: UseQueryResult<T>;
  /** A control beside the title (a picker). */
  action?: ReactNode;
  skeleton: CardSkeletonShape;
  children: (data: T) => ReactNode;
}

/** A placeholder in the card's body, as tall as the body. */
function CardSkeleton({ shape, label }: { shape: CardSkeletonShape; label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      {shape === 'statistic' && (
        <>
          <Skeleton variant="circular" width={40} height={40} />
          <Skeleton variant="text" width="45%" sx={{ fontSize: '1.5rem' }} />
          <Skeleton variant="rounded" sx={{ flex: 1 }} />
        </>
      )}
      {shape === 'round' && (
        <>
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 0 }}>
            <Skeleton variant="circular" width={160} height={160} />
          </Box>
          <Skeleton variant="text" />
          <Skeleton variant="text" width="70%" />
        </>
      )}
      {shape === 'wide' && (
        <>
          <Skeleton variant="text" width="35%" sx={{ fontSize: '1.5rem' }} />
          <Skeleton variant="rounded" sx={{ flex: 1 }} />
          <Skeleton variant="text" width="60%" />
        </>
      )}
    </Box>
  );
}

export function DashboardCard<T>({ title, subtitle, height, testId, query, action, skeleton, children }: DashboardCardProps<T>) {
  const { t } = useTranslation('demo-dashboards');
  const titleId = useId();
  const state = query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading';
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      aria-busy={query.isFetching || undefined}
      data-testid={testId}
      data-state={state}
      sx={{ height, display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1, minHeight: 64 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }} noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {subtitle}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, px: 2.5, pb: 2, display: 'flex', flexDirection: 'column' }}>
        {state === 'ready' && children(query.data as T)}
        {state === 'loading' && <CardSkeleton shape={skeleton} label={t('card.loading', { card: title })} />}
        {state === 'error' && (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <Alert
              severity="error"
              sx={{ width: '100%' }}
              data-testid={`${testId}-error`}
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  {t('card.retry')}
                </Button>
              }
            >
              {t('card.failed', { card: title })}
            </Alert>
          </Box>
        )}
      </Box>
    </Card>
  );
}
