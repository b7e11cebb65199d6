/**
 * Complaints screen (/apps/reviews_and_complaints/complaints;
 * docs/requirements/screen-contents.md#complaints): negative reviews and flagged inbox
 * conversations, one incident per guest and outlet.
 *
 * - Tabs Open / In progress / Resolved with the counts of the list's answer (each status under
 *   the same filters); filters brand, outlet, assignee (me, unassigned) and root cause. Tab,
 *   filters and the open complaint all live in the URL.
 * - The list, keyset paged ("Load more"); selecting a row opens the complaint (`?complaint=`) in a
 *   side panel on wide screens, a full-width drawer on narrow ones. The detail is fetched by id,
 *   so a link to a complaint of another tab still opens it. Closing it puts focus back on its row.
 * - Owners (`manage Complaint`) get the root-causes dialog.
 * - Live: complaints:changed on the shared socket refetches the lists and the detail.
 *
 * A lazy route of its own (app/product-area.tsx): nothing here is in the Reviews screen's first
 * paint (docs/requirements/quality-goals.md ≤ 250 KiB gzip).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAbility } from '@casl/react';
import { COMPLAINT_STATUSES, type TComplaint } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';
import { describeError } from '../../../lib/errors.ts';
import { useComplaints } from '../api/get-complaints.ts';
import { useRootCauses } from '../api/root-causes.ts';
import { useComplaintFilters } from '../hooks/use-complaint-filters.ts';
import { useComplaintsRealtime } from '../realtime/use-complaints-realtime.ts';
import { ComplaintDetail } from './complaint-detail.tsx';
import { ComplaintFiltersBar } from './complaint-filters-bar.tsx';
import { ComplaintList } from './complaint-list.tsx';
import { RootCausesDialog } from './root-causes-dialog.tsx';
import { DetailDrawer, DetailSidePanel } from '../../../components/detail-panel.tsx';
import { useNow } from '../../../lib/use-now.ts';

/** Height in px of a complaint row (guest, outlet, sources, assignee), what the loading rows stand for. */
const ROW_HEIGHT = 150;
/** Ages are shown in minutes at the finest. */
const CLOCK_MS = 60_000;

export function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { filters, selectedComplaintId, setFilters, clearFilters, selectComplaint } = useComplaintFilters();
  const query = useComplaints(filters);
  const details = useQuery(clientDetailsQueryOptions());
  const rootCauses = useRootCauses();
  const ability = useAbility<AppAbility>();
  const mayManage = ability.can('manage', SUBJECTS.complaint);
  const [rootCausesOpen, setRootCausesOpen] = useState(false);
  const now = useNow(CLOCK_MS);
  useComplaintsRealtime();

  const complaints = useMemo<TComplaint[]>(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const counts = query.data?.pages[0]?.counts;
  const hasFilters = Boolean(filters.brandId || filters.outletId || filters.assignee || filters.rootCause);
  const detailOpen = selectedComplaintId !== null;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const closeDetail = useCallback(() => selectComplaint(null), [selectComplaint]);

  // Focus goes back to the row of the complaint that was open, however the detail closed.
  const listRef = useRef<HTMLDivElement | null>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (selectedComplaintId) {
      opened.current = selectedComplaintId;
      return;
    }
    const closed = opened.current;
    opened.current = null;
    if (!closed) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-complaint-id]') ?? [];
    [...rows].find((row) => row.dataset.complaintId === closed)?.querySelector<HTMLElement>('button')?.focus();
  }, [selectedComplaintId]);

  const detail = selectedComplaintId && <ComplaintDetail key={selectedComplaintId} complaintId={selectedComplaintId} onClose={closeDetail} />;
  const statusLabel = t(`status.${filters.status}`);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {mayManage && (
          <Button variant="outlined" onClick={() => setRootCausesOpen(true)} data-testid="root-causes-button">
            {t('rootCauses.button')}
          </Button>
        )}
      </PageHeader>
      {mayManage && rootCausesOpen && <RootCausesDialog open onClose={() => setRootCausesOpen(false)} />}

      <Tabs
        value={filters.status}
        onChange={(_event, status: string) => setFilters({ status })}
        aria-label={t('tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {COMPLAINT_STATUSES.map((status) => (
          <Tab
            key={status}
            value={status}
            id={`complaints-tab-${status}`}
            aria-controls="complaints-panel"
            data-testid={`complaints-tab-${status}`}
            label={
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                {t(`status.${status}`)}{' '}
                <Box component="span" data-testid={`complaints-count-${status}`} sx={{ px: 0.75, borderRadius: 1, bgcolor: 'action.selected', fontSize: 12, minWidth: 20 }}>
                  {counts ? counts[status] : '–'}
                </Box>
              </Box>
            }
          />
        ))}
      </Tabs>

      <ComplaintFiltersBar brands={details.data?.client?.brands ?? []} rootCauses={rootCauses.data} filters={filters} setFilters={setFilters} onClear={clearFilters} />

      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <Box ref={listRef} sx={{ flexGrow: 1, minWidth: 0 }} role="tabpanel" id="complaints-panel" aria-labelledby={`complaints-tab-${filters.status}`}>
          <ListState
            query={query}
            isEmpty={complaints.length === 0}
            skeleton={{ rows: 4, rowHeight: ROW_HEIGHT }}
            empty={
              <ListEmpty
                testId="complaints-empty"
                title={t('empty.title', { status: statusLabel })}
                description={hasFilters ? t('empty.filtered') : t('empty.description')}
                action={hasFilters && <Button onClick={clearFilters}>{t('filters.clear')}</Button>}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
              />
            }
          >
            <ComplaintList
              complaints={complaints}
              selectedComplaintId={selectedComplaintId}
              now={now}
              onSelect={selectComplaint}
              hasNextPage={hasNextPage}
              isFetchingNextPage={isFetchingNextPage}
              fetchNextPage={loadMore}
              nextPageError={query.isFetchNextPageError ? describeError(query.error, appT) : null}
            />
          </ListState>
        </Box>
        {wide && detailOpen && (
          <DetailSidePanel>{detail}</DetailSidePanel>
        )}
      </Box>

      {!wide && (
        <DetailDrawer open={detailOpen} onClose={closeDetail}>
          {detail}
        </DetailDrawer>
      )}
    </Stack>
  );
}

export default ComplaintsPage;
