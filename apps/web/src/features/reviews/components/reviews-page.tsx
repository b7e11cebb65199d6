/**
 * Reviews screen (/apps/reviews_and_complaints/reviews;
 * docs/requirements/screen-contents.md#reviews): KPI cards, sync warnings, filters (all in the
 * URL), the review list with keyset paging, and the detail of the review named by `?review=`: a
 * side panel on wide screens, a full-width drawer on narrow ones. Closing the detail (its button,
 * Esc) puts focus back on the review's card, where the keyboard user left off.
 *
 * The detail (with its reply form) and the narrow screens' drawer are chunks of their own,
 * fetched when the list is first pointed at or focused, or when a review opens: the screen's
 * first paint then carries neither them nor the MUI they use (TextField, Modal;
 * docs/requirements/quality-goals.md ≤ 250 KiB gzip). A review opened from the URL fetches them at
 * once; the side panel keeps its place meanwhile.
 *
 * A review named by `?review=` that the loaded list does not hold (a mention's link to an older
 * review) is asked for by id, by the detail, once the list has loaded without it.
 *
 * Loading placeholders have the size of what replaces them (CLS): the KPI cards
 * render with placeholder figures, the list with card-sized rows.
 */
import { useAbility } from '@casl/react';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TReview } from '@dinedesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { lazyWithPreload } from '../../../components/lazy-with-preload.tsx';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { allows, SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useFbPages } from '../api/get-fb-pages.ts';
import { useReviews } from '../api/get-reviews.ts';
import { useReviewKpis } from '../api/get-review-kpis.ts';
import { OPEN_REVIEW_KEY } from '../api/keys.ts';
import { useSyncFbReviews } from '../api/sync-fb-reviews.ts';
import { useReviewFilters } from '../hooks/use-review-filters.ts';
import { ReviewFiltersBar } from './review-filters-bar.tsx';
import { FeedKpis } from './feed-kpis.tsx';
import type { ExportRequest } from './export-progress.tsx';
import { ReviewList } from './review-list.tsx';
import { ReplyTemplatesButton } from './reply-templates-button.tsx';
import { useReviewsRealtime } from '../realtime/use-reviews-realtime.ts';

const detailModule = lazyWithPreload(() => import('./review-detail.tsx'));
const trendsModule = lazyWithPreload(() => import('./review-trends.tsx'));
const exportModule = lazyWithPreload(() => import('./export-progress.tsx'));
const ReviewTrends = trendsModule.Component;
// The sync banners (with the connect code of their Reconnect), fetched after first paint.
const SyncAlerts = lazyWithPreload(() => import('./sync-alerts.tsx')).Component;
const ExportProgress = exportModule.Component;
const drawerModule = lazyWithPreload(() => import('@mui/material/Drawer'));
const ReviewDetail = detailModule.Component;
const Drawer = drawerModule.Component;

const DETAIL_WIDTH = 440;
/**
 * Height in px of a review card with a two-line review (measured in Chromium at 1350 px: most
 * cards of the demo data are 130, three-line ones 150), what the loading rows stand for.
 */
const REVIEW_CARD_HEIGHT = 130;
/** Loading rows: more than a desktop window shows below the filters, so the fold is filled. */
const REVIEW_SKELETON_ROWS = 6;

/** The review sources the feed holds (`TReview['source']`), in the order the subtitle names them. */
const SOURCES = ['facebook', 'google'] as const;

export function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // Side panel only where list and panel both stay readable next to the menu.
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { filters, selectedReviewId, setFilters, clearFilters, selectReview } = useReviewFilters();
  const pagesQuery = useFbPages();
  const reviewsQuery = useReviews(filters);
  const kpisQuery = useReviewKpis(filters);
  const [showTrends, setShowTrends] = useState(false);
  const [exportRequest, setExportRequest] = useState<ExportRequest | null>(null);
  const sync = useSyncFbReviews();
  // New reviews and comments from Meta's feed webhook refresh the screen.
  useReviewsRealtime();
  const ability = useAbility<AppAbility>();
  const canSeeConnections = allows(ability, { action: 'read', subject: SUBJECTS.pageConnection });
  // Viewers and agents see no "Sync now" (no write controls without the right).
  const canSync = allows(ability, { action: 'update', subject: SUBJECTS.reviewSync });

  const pages = useMemo(() => pagesQuery.data?.data ?? [], [pagesQuery.data]);
  const selectedPage = filters.outletId ? pages.find((p) => p.outletId === filters.outletId) : undefined;
  const reviews = useMemo<TReview[]>(
    () => reviewsQuery.data?.pages.flatMap((page) => page.data) ?? [],
    [reviewsQuery.data],
  );
  const listed = selectedReviewId ? (reviews.find((r) => r.id === selectedReviewId) ?? null) : null;
  // The open review stays open when a change (a reply under "Not replied") drops it from the
  // list: its last copy is kept in the cache, where replies update it (patchFeedReview).
  const queryClient = useQueryClient();
  const pinned = useQuery({ queryKey: OPEN_REVIEW_KEY, queryFn: () => null as TReview | null, enabled: false, staleTime: Infinity, initialData: null }).data;
  useEffect(() => {
    if (listed) queryClient.setQueryData(OPEN_REVIEW_KEY, listed);
  }, [listed, queryClient]);
  const selectedReview = listed ?? (pinned && pinned.id === selectedReviewId ? pinned : null);
  const detailOpen = selectedReviewId !== null;
  // The drawer stays mounted once used, so closing it still slides it out.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (!wide && detailOpen && !drawerUsed) setDrawerUsed(true);
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  // The subtitle names the sources the list shows: both, or the one the source filter keeps.
  const shownSources = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    (filters.source ? [filters.source] : SOURCES).map((source) => t(`reviews.source.${source}`)),
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = reviewsQuery;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const closeDetail = useCallback(() => selectReview(null), [selectReview]);
  // The first pointer or keyboard contact with the list fetches what opening a review shows.
  const prepareDetail = () => {
    detailModule.preload();
    if (!wide) drawerModule.preload();
  };

  // Focus goes back to the card of the review that was open, however the detail closed.
  const listRef = useRef<HTMLDivElement | null>(null);
  const openedReviewId = useRef<string | null>(null);
  useEffect(() => {
    if (selectedReviewId) {
      openedReviewId.current = selectedReviewId;
      return;
    }
    const closed = openedReviewId.current;
    openedReviewId.current = null;
    if (!closed) return;
    const cards = listRef.current?.querySelectorAll<HTMLElement>('[data-review-id]') ?? [];
    const card = [...cards].find((node) => node.dataset.reviewId === closed);
    card?.querySelector<HTMLElement>('button')?.focus();
  }, [selectedReviewId]);

  const detail = (
    <Suspense
      fallback={
        <Box sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />
        </Box>
      }
    >
      <ReviewDetail
        review={selectedReview}
        reviewId={selectedReviewId}
        loading={reviewsQuery.isPending}
        // Loaded, and the review is not in it: the detail asks for it by id.
        lookUp={reviewsQuery.isSuccess && !selectedReview}
        onClose={closeDetail}
      />
    </Suspense>
  );

  const listContent = (
    <ListState
      query={reviewsQuery}
      isEmpty={reviews.length === 0}
      skeleton={{ rows: REVIEW_SKELETON_ROWS, rowHeight: REVIEW_CARD_HEIGHT }}
      empty={
        <ListEmpty
          testId="reviews-empty"
          title={hasFilters ? t('reviews.empty.filteredTitle') : t('reviews.empty.title')}
          description={hasFilters ? t('reviews.empty.filteredDescription') : t('reviews.empty.description')}
          action={hasFilters && <Button onClick={clearFilters}>{t('reviews.filters.clear')}</Button>}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      }
    >
      <ReviewList
        reviews={reviews}
        selectedReviewId={selectedReviewId}
        onSelect={selectReview}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={loadMore}
        nextPageError={reviewsQuery.isFetchNextPageError ? describeError(reviewsQuery.error, t) : null}
      />
    </ListState>
  );

  return (
    <Stack spacing={3}>
      <PageHeader title={t('reviews.title')} subtitle={selectedPage ? selectedPage.name : t('reviews.subtitle', { sources: shownSources })}>
        {canSeeConnections && (
          <Button variant="text" component={RouterLink} to={PATHS.facebookConnect} data-testid="facebook-connections">
            {t('facebook.title')}
          </Button>
        )}
        <ReplyTemplatesButton />
        <Button variant="text" onPointerEnter={() => exportModule.preload()} onClick={() => setExportRequest({ filters, format: 'csv' })} data-testid="export-csv">
          {t('reviews.insights.export')} {t('reviews.insights.exportCsv')}
        </Button>
        <Button variant="text" onPointerEnter={() => exportModule.preload()} onClick={() => setExportRequest({ filters, format: 'xlsx' })} data-testid="export-xlsx">
          {t('reviews.insights.export')} {t('reviews.insights.exportXlsx')}
        </Button>
        {selectedPage && canSync && (
          <Button
            variant="outlined"
            startIcon={sync.isPending ? <CircularProgress size={16} /> : <SyncIcon />}
            disabled={sync.isPending}
            onClick={() => sync.mutate({ pageId: selectedPage.id })}
            data-testid="sync-now"
          >
            {sync.isPending ? t('reviews.sync.running') : t('reviews.sync.now')}
          </Button>
        )}
      </PageHeader>

      {sync.isError && (
        <Alert severity="error" onClose={() => sync.reset()} role="alert">
          {describeError(sync.error, t)}
        </Alert>
      )}
      {sync.isSuccess && (
        <Alert severity="success" onClose={() => sync.reset()} role="status">
          {t('reviews.sync.done', { count: sync.data.fetched, outlet: sync.data.page.outletName })}
        </Alert>
      )}

      {exportRequest && (
        <Suspense fallback={null}>
          <ExportProgress request={exportRequest} onClose={() => setExportRequest(null)} />
        </Suspense>
      )}

      {pagesQuery.isError ? (
        <Alert severity="error">{describeError(pagesQuery.error, t)}</Alert>
      ) : pagesQuery.isSuccess && pages.length === 0 ? (
        <Alert severity="info" data-testid="pages-empty">
          {t('reviews.empty.noPages')}
        </Alert>
      ) : (
        pagesQuery.isSuccess && (
          <Suspense fallback={null}>
            <SyncAlerts pages={selectedPage ? [selectedPage] : pages} outletId={filters.outletId} />
          </Suspense>
        )
      )}
      {kpisQuery.isError ? <Alert severity="error">{describeError(kpisQuery.error, t)}</Alert> : <FeedKpis kpis={kpisQuery.data ?? null} />}
      <Box>
        <Button
          size="small"
          onClick={() => setShowTrends((v) => !v)}
          onPointerEnter={() => trendsModule.preload()}
          aria-expanded={showTrends}
          data-testid="toggle-trends"
        >
          {showTrends ? t('reviews.insights.hide') : t('reviews.insights.show')}
        </Button>
        {showTrends && kpisQuery.data && (
          <Paper variant="outlined" sx={{ p: 2, mt: 1 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />}>
              <ReviewTrends kpis={kpisQuery.data} onOutlet={(outletId) => setFilters({ outletId })} />
            </Suspense>
          </Paper>
        )}
      </Box>

      <ReviewFiltersBar pages={pages} filters={filters} setFilters={setFilters} onClear={clearFilters} />

      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <Box ref={listRef} onPointerEnter={prepareDetail} onFocus={prepareDetail} sx={{ flexGrow: 1, minWidth: 0 }}>
          {listContent}
        </Box>
        {wide && detailOpen && (
          <Paper
            variant="outlined"
            sx={{
              width: DETAIL_WIDTH,
              flexShrink: 0,
              position: 'sticky',
              top: 88,
              maxHeight: 'calc(100vh - 104px)',
              overflowY: 'auto',
            }}
          >
            {detail}
          </Paper>
        )}
      </Box>

      {!wide && drawerUsed && (
        <Suspense fallback={null}>
          <Drawer
            anchor="right"
            open={detailOpen}
            onClose={closeDetail}
            // It mounts already open the first time: slide in all the same.
            slotProps={{ paper: { sx: { width: '100%', maxWidth: '100vw' } }, transition: { appear: true } }}
          >
            {detailOpen && detail}
          </Drawer>
        </Suspense>
      )}
    </Stack>
  );
}

export default ReviewsPage;
