/**
 * Tickets screen (/apps/reviews_and_complaints/tickets;
 * docs/requirements/screen-contents.md#tickets): the queue in views Mine / Open / Closed / All with
 * their counts (the list's answer, under the same filters), filters priority, outlet, "SLA
 * breached" and "due soon" (within DUE_SOON_HOURS), and the ticket named by `?ticket=` in a side
 * panel (a drawer on narrow screens). View, filters and selection live in the URL.
 *
 * - Due times count down live (a one-minute clock); a ticket past its SLA is red in the list and
 *   the detail (format.ts `isBreached`).
 * - "New ticket" for users who may open tickets; "SLA policy" for owners (`manage Ticket`).
 * - Live: tickets:changed on the shared socket refetches the queue and the open ticket.
 * - The menu entry reloads the page when selected (docs/requirements/routes.md;
 *   layout/navigation.ts `reload`).
 *
 * A lazy route of its own (app/product-area.tsx): nothing here is in the Reviews screen's first
 * paint (docs/requirements/quality-goals.md ≤ 250 KiB gzip).
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAbility } from '@casl/react';
import { DUE_SOON_HOURS, TICKET_PRIORITIES, TICKET_VIEWS, type TTicket } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { clientDetailsQueryOptions } from '../../../lib/client-details.ts';
import { describeError } from '../../../lib/errors.ts';
import { useTickets } from '../api/get-tickets.ts';
import { useTicketFilters } from '../hooks/use-ticket-filters.ts';
import { useTicketsRealtime } from '../realtime/use-tickets-realtime.ts';
import { NewTicketDialog } from './new-ticket-dialog.tsx';
import { SlaPolicyDialog } from './sla-policy-dialog.tsx';
import { TicketDetail } from './ticket-detail.tsx';
import { TicketList } from './ticket-list.tsx';
import { DetailDrawer, DetailSidePanel } from '../../../components/detail-panel.tsx';
import { useNow } from '../../../lib/use-now.ts';

/** Height in px of a ticket row (title, outlet, due time), what the loading rows stand for. */
const ROW_HEIGHT = 120;
/** Countdowns show minutes at the finest. */
const CLOCK_MS = 30_000;

export function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { filters, selectedTicketId, setFilters, clearFilters, selectTicket } = useTicketFilters();
  const query = useTickets(filters);
  const details = useQuery(clientDetailsQueryOptions());
  const ability = useAbility<AppAbility>();
  const mayCreate = ability.can('create', SUBJECTS.ticket);
  const mayManage = ability.can('manage', SUBJECTS.ticket);
  const [dialog, setDialog] = useState<'new' | 'sla' | null>(null);
  const now = useNow(CLOCK_MS);
  useTicketsRealtime();

  const tickets = useMemo<TTicket[]>(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const counts = query.data?.pages[0]?.counts;
  const outlets = (details.data?.client?.brands ?? []).flatMap((brand) => brand.outlets.map((outlet) => ({ ...outlet, brandName: brand.name })));
  const hasFilters = Boolean(filters.priority || filters.outletId || filters.breached || filters.dueSoon);
  const detailOpen = selectedTicketId !== null;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const closeDetail = useCallback(() => selectTicket(null), [selectTicket]);

  // Focus goes back to the row of the ticket that was open, however the detail closed.
  const listRef = useRef<HTMLDivElement | null>(null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (selectedTicketId) {
      opened.current = selectedTicketId;
      return;
    }
    const closed = opened.current;
    opened.current = null;
    if (!closed) return;
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-ticket-id]') ?? [];
    [...rows].find((row) => row.dataset.ticketId === closed)?.querySelector<HTMLElement>('button')?.focus();
  }, [selectedTicketId]);

  const detail = selectedTicketId && <TicketDetail key={selectedTicketId} ticketId={selectedTicketId} now={now} onClose={closeDetail} />;

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {mayManage && (
          <Button variant="outlined" onClick={() => setDialog('sla')} data-testid="sla-policy-button">
            {t('sla.button')}
          </Button>
        )}
        {mayCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('new')} data-testid="new-ticket-button">
            {t('create.button')}
          </Button>
        )}
      </PageHeader>
      {dialog === 'new' && mayCreate && (
        <NewTicketDialog
          onClose={() => setDialog(null)}
          onCreated={(ticket) => {
            setDialog(null);
            selectTicket(ticket.id);
          }}
        />
      )}
      {dialog === 'sla' && mayManage && <SlaPolicyDialog onClose={() => setDialog(null)} />}

      <Tabs value={filters.view} onChange={(_event, view: string) => setFilters({ view })} aria-label={t('views.label')} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {TICKET_VIEWS.map((view) => (
          <Tab
            key={view}
            value={view}
            id={`tickets-tab-${view}`}
            aria-controls="tickets-panel"
            data-testid={`tickets-tab-${view}`}
            label={
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                {t(`views.${view}`)}{' '}
                <Box component="span" data-testid={`tickets-count-${view}`} sx={{ px: 0.75, borderRadius: 1, bgcolor: 'action.selected', fontSize: 12, minWidth: 20 }}>
                  {counts ? counts[view] : '–'}
                </Box>
              </Box>
            }
          />
        ))}
      </Tabs>

      <Box role="search" aria-label={t('filters.label')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, minmax(0, 1fr))' }, alignItems: 'center' }}>
        <NativeSelectField id="ticket-filter-priority" label={t('filters.priority')} value={filters.priority ?? ''} onChange={(event) => setFilters({ priority: event.target.value || null })} htmlSelect={{ 'data-testid': 'ticket-filter-priority' }}>
          <option value="">{t('filters.anyPriority')}</option>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`priority.${priority}`)}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField id="ticket-filter-outlet" label={t('filters.outlet')} value={filters.outletId ?? ''} onChange={(event) => setFilters({ outletId: event.target.value || null })} htmlSelect={{ 'data-testid': 'ticket-filter-outlet' }}>
          <option value="">{t('filters.allOutlets')}</option>
          {outlets.map((outlet) => (
            <option key={outlet.id} value={outlet.id}>
              {outlet.name}
            </option>
          ))}
        </NativeSelectField>
        <FormControlLabel
          control={<Switch checked={filters.breached === true} onChange={(event) => setFilters({ breached: event.target.checked ? 'true' : null })} />}
          label={t('filters.breached')}
        />
        <FormControlLabel
          control={<Switch checked={filters.dueSoon === true} onChange={(event) => setFilters({ dueSoon: event.target.checked ? 'true' : null })} />}
          label={t('filters.dueSoon', { count: DUE_SOON_HOURS })}
        />
        <Button onClick={clearFilters} disabled={!hasFilters} sx={{ justifySelf: 'start' }} data-testid="ticket-filters-clear">
          {t('filters.clear')}
        </Button>
      </Box>

      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <Box ref={listRef} sx={{ flexGrow: 1, minWidth: 0 }} role="tabpanel" id="tickets-panel" aria-labelledby={`tickets-tab-${filters.view}`}>
          <ListState
            query={query}
            isEmpty={tickets.length === 0}
            skeleton={{ rows: 4, rowHeight: ROW_HEIGHT }}
            empty={
              <ListEmpty
                testId="tickets-empty"
                title={t('empty.title', { view: t(`views.${filters.view}`) })}
                description={hasFilters ? t('empty.filtered') : t('empty.description')}
                action={hasFilters && <Button onClick={clearFilters}>{t('filters.clear')}</Button>}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
              />
            }
          >
            <TicketList
              tickets={tickets}
              selectedTicketId={selectedTicketId}
              now={now}
              onSelect={selectTicket}
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

export default TicketsPage;
