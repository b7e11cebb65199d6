/**
 * The Overview at `/` ("Overview: the owner's day at a glance";
 * docs/requirements/screen-contents.md#overview; docs/decisions/0040): the whole business per
 * outlet and in total over the last 7, 30 or 90 days against the days before —
 * - figures: rating and new reviews, reviews waiting for a reply, conversations waiting for a
 *   reply, open complaints, tickets past or near their SLA, orders and sales;
 * - the rating trend (a lazy chart), the oldest waiting reviews, the conversations whose reply
 *   window closes soonest with a countdown, the tickets past or near their SLA;
 * - a row per outlet with the same figures.
 * Every figure is a link to the screen behind it, filtered to what it counts (links.ts). The
 * parts a role may not read are left out (the server sends null). Live: realtime/.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OVERVIEW_PERIODS, type TOverview } from '@dinedesk/contracts/overview';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDate, formatDateOnly, formatNumber } from '../../../lib/format.ts';
import { formatDuration, msUntil } from '../../../lib/relative-time.ts';
import { useOverview } from '../api/overview.ts';
import { money } from '../format.ts';
import { useOverviewParams } from '../hooks/use-overview-params.ts';
import { overviewLinks } from '../links.ts';
import { useOverviewRealtime } from '../realtime/use-overview-realtime.ts';
import { useNow } from '../../../lib/use-now.ts';

const RatingTrendChart = lazy(() => import('./rating-trend-chart.tsx'));
/** The table by outlet, under the fold: its own chunk (the Table parts are not first paint). */
const OutletTable = lazy(() => import('./outlet-table.tsx'));
/** Height of the trend chart, px: its place is kept while its chunk loads. */
const TREND_HEIGHT = 240;

/** The countdowns move every half minute. */
const CLOCK_MS = 30_000;

/** "+3" / "−0.2" / "±0" against the previous period, or null without a previous figure. */
function delta(current: number | null, previous: number | null, lang: string, digits = 0): string | null {
  if (current === null || previous === null) return null;
  const d = Math.round((current - previous) * 10 ** digits) / 10 ** digits;
  if (d === 0) return '±0';
  return `${d > 0 ? '+' : '−'}${formatNumber(Math.abs(d), lang, digits)}`;
}

interface FigureProps {
  label: string;
  value: string;
  /** A line under the value (the previous period, a second count). */
  detail?: string | null;
  to: string;
  testId: string;
  tone?: 'warning' | 'error' | undefined;
}

/** One figure: a card that is a link to the screen behind it. */
function Figure({ label, value, detail, to, testId, tone }: FigureProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%', ...(tone ? { borderColor: `${tone}.main` } : {}) }}>
      <CardActionArea component={RouterLink} to={to} data-testid={testId} sx={{ height: '100%', p: 2, display: 'block' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }} data-testid={`${testId}-value`}>
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The figures of the totals (or of the one outlet shown). */
function Figures({ data, outletId }: { data: TOverview; outletId: string | null }) {
  const { t, i18n } = useTranslation('overview');
  const lang = i18n.language;
  const n = (x: number) => formatNumber(x, lang);
  const { totals: tot, period } = data;
  const vsPrevious = (d: string | null) => (d ? t('vsPrevious', { delta: d }) : null);
  const figures: ReactNode[] = [];
  if (tot.reviews) {
    const { current, previous, waiting } = tot.reviews;
    figures.push(
      <Figure key="rating" testId="figure-rating" label={t('figures.rating')} to={overviewLinks.newReviews(period, outletId)} value={current.averageRating === null ? '—' : formatNumber(current.averageRating, lang, 2)} detail={vsPrevious(delta(current.averageRating, previous.averageRating, lang, 2))} />,
      <Figure key="new" testId="figure-new-reviews" label={t('figures.newReviews')} to={overviewLinks.newReviews(period, outletId)} value={n(current.reviewCount)} detail={vsPrevious(delta(current.reviewCount, previous.reviewCount, lang))} />,
      <Figure key="waiting" testId="figure-waiting-reviews" label={t('figures.waitingReviews')} to={overviewLinks.waitingReviews(outletId)} value={n(waiting)} detail={t('figures.anyTime')} tone={waiting > 0 ? 'warning' : undefined} />,
    );
  }
  if (tot.conversations) {
    figures.push(<Figure key="conv" testId="figure-waiting-conversations" label={t('figures.waitingConversations')} to={overviewLinks.inbox()} value={n(tot.conversations.waiting)} detail={t('figures.windowOpen')} tone={tot.conversations.waiting > 0 ? 'warning' : undefined} />);
  }
  if (tot.complaints) {
    figures.push(<Figure key="complaints" testId="figure-open-complaints" label={t('figures.openComplaints')} to={overviewLinks.complaints('open', outletId)} value={n(tot.complaints.open)} detail={t('figures.inProgress', { count: tot.complaints.inProgress })} />);
  }
  if (tot.tickets) {
    figures.push(
      <Figure key="overdue" testId="figure-overdue-tickets" label={t('figures.overdueTickets')} to={overviewLinks.overdueTickets(outletId)} value={n(tot.tickets.overdue)} tone={tot.tickets.overdue > 0 ? 'error' : undefined} />,
      <Figure key="due" testId="figure-due-soon-tickets" label={t('figures.dueSoonTickets', { count: data.dueSoonHours })} to={overviewLinks.dueSoonTickets(outletId)} value={n(tot.tickets.dueSoon)} tone={tot.tickets.dueSoon > 0 ? 'warning' : undefined} />,
    );
  }
  if (tot.orders) {
    const { current, previous, currency, lastOrderDay } = tot.orders;
    // Order insights shows one outlet: the one chosen, or the only one with orders.
    const ordersOutlet = outletId ?? (data.outlets.filter((o) => o.orders).length === 1 ? data.outlets.find((o) => o.orders)!.outletId : null);
    const stale = lastOrderDay < period.from ? t('figures.lastOrders', { day: formatDateOnly(lastOrderDay, lang) }) : null;
    figures.push(
      <Figure key="orders" testId="figure-orders" label={t('figures.orders')} to={overviewLinks.orders(period, ordersOutlet)} value={n(current.orders)} detail={stale ?? vsPrevious(delta(current.orders, previous.orders, lang))} />,
      <Figure
        key="sales"
        testId="figure-sales"
        label={t('figures.sales')}
        to={overviewLinks.orders(period, ordersOutlet)}
        value={current.salesMinor === null ? t('figures.manyCurrencies') : money(current.salesMinor, currency, lang)}
        detail={current.salesMinor !== null && previous.salesMinor !== null ? t('figures.previousSales', { amount: money(previous.salesMinor, currency, lang) }) : null}
      />,
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', xl: 'repeat(5, minmax(0, 1fr))' } }}>
      {figures}
    </Box>
  );
}

function WaitingReviews({ data, now }: { data: TOverview; now: number }) {
  const { t, i18n } = useTranslation('overview');
  const reviews = data.oldestWaitingReviews!;
  if (reviews.length === 0) return <Typography color="text.secondary">{t('lists.noWaitingReviews')}</Typography>;
  return (
    <List dense disablePadding data-testid="waiting-reviews">
      {reviews.map((r) => (
        <ListItemButton key={r.id} component={RouterLink} to={overviewLinks.review(r.id, r.outletId)} data-review-id={r.id} sx={{ px: 1 }}>
          <ListItemText
            primary={`${r.reviewerName}${r.rating === null ? '' : ` · ${'★'.repeat(r.rating)}`} · ${r.outletName}`}
            secondary={`${t('lists.waitingFor', { age: formatDuration(Math.max(0, -msUntil(r.createdTime, now)), i18n.language) })}${r.excerpt ? ` — ${r.excerpt}` : ''}`}
            slotProps={{ secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

function WaitingConversations({ data, now }: { data: TOverview; now: number }) {
  const { t, i18n } = useTranslation('overview');
  const conversations = data.waitingConversations!;
  if (conversations.length === 0) return <Typography color="text.secondary">{t('lists.noWaitingConversations')}</Typography>;
  return (
    <List dense disablePadding data-testid="waiting-conversations">
      {conversations.map((c) => {
        const left = c.window.endsAt ? msUntil(c.window.endsAt, now) : 0;
        const closing = c.window.state === 'standard' && left < 2 * 3_600_000;
        return (
          <ListItemButton key={c.id} component={RouterLink} to={overviewLinks.conversation(c)} data-conversation-id={c.id} sx={{ px: 1, gap: 1 }}>
            <ListItemText primary={`${c.guestName} · ${c.outletName}`} secondary={c.snippet} slotProps={{ secondary: { noWrap: true } }} />
            <Chip
              size="small"
              color={left <= 0 ? 'default' : closing ? 'error' : c.window.state === 'standard' ? 'warning' : 'default'}
              label={left <= 0 ? t('lists.windowClosed') : t(c.window.state === 'standard' ? 'lists.closesIn' : 'lists.humanAgentCloses', { time: formatDuration(left, i18n.language) })}
              data-testid={`window-${c.id}`}
            />
          </ListItemButton>
        );
      })}
    </List>
  );
}

function SlaTickets({ data, now }: { data: TOverview; now: number }) {
  const { t, i18n } = useTranslation('overview');
  const tickets = data.slaTickets!;
  if (tickets.length === 0) return <Typography color="text.secondary">{t('lists.noSlaTickets')}</Typography>;
  return (
    <List dense disablePadding data-testid="sla-tickets">
      {tickets.map((ticket) => {
        const left = msUntil(ticket.dueAt, now);
        const late = ticket.breachedAt !== null || left <= 0;
        return (
          <ListItemButton key={ticket.id} component={RouterLink} to={overviewLinks.ticket(ticket.id)} sx={{ px: 1, gap: 1 }}>
            <ListItemText primary={ticket.title} secondary={`${ticket.outletName} · ${formatDate(ticket.dueAt, i18n.language, true)}`} />
            <Chip size="small" color={late ? 'error' : 'warning'} label={late ? t('lists.overdueBy', { time: formatDuration(-left, i18n.language) }) : t('lists.dueIn', { time: formatDuration(left, i18n.language) })} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

function OverviewBody({ data, outletId }: { data: TOverview; outletId: string | null }) {
  const { t } = useTranslation('overview');
  const now = useNow(CLOCK_MS);
  return (
    <Stack spacing={3}>
      <Figures data={data} outletId={outletId} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {data.ratingTrend && (
          <Section title={t('trend.title')} testId="rating-trend">
            <Suspense fallback={<Skeleton variant="rounded" height={TREND_HEIGHT} />}>
              <Box sx={{ height: TREND_HEIGHT }}>
                <RatingTrendChart points={data.ratingTrend} />
              </Box>
            </Suspense>
          </Section>
        )}
        {data.oldestWaitingReviews && (
          <Section title={t('lists.waitingReviews')} testId="waiting-reviews-section">
            <WaitingReviews data={data} now={now} />
          </Section>
        )}
        {data.waitingConversations && (
          <Section title={t('lists.waitingConversations')} testId="waiting-conversations-section">
            <WaitingConversations data={data} now={now} />
          </Section>
        )}
        {data.slaTickets && (
          <Section title={t('lists.slaTickets')} testId="sla-tickets-section">
            <SlaTickets data={data} now={now} />
          </Section>
        )}
      </Box>
      <Section title={t('table.title')} testId="outlets-section">
        <Suspense fallback={<Skeleton variant="rounded" height={48 * (data.outlets.length + 1)} />}>
          <OutletTable data={data} />
        </Suspense>
      </Section>
    </Stack>
  );
}

/**
 * Facebook no longer offers reviews to apps for some shown Pages (Graph API v22.0+,
 * docs/decisions/0047): since when, on which version, and that the stored reviews stay. A Paper
 * rather than an Alert: the Overview's first paint carries no Alert (and its icons).
 */
function ReviewsEndedNotice({ ended }: { ended: NonNullable<TOverview['facebookReviewsEnded']> }) {
  const { t, i18n } = useTranslation('overview');
  return (
    <Paper variant="outlined" role="status" sx={{ p: 2, borderColor: 'info.main' }} data-testid="overview-reviews-ended">
      <Typography variant="subtitle2" component="h2">
        {t('reviewsEnded.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('reviewsEnded.body', { count: ended.pages, date: formatDate(ended.since, i18n.language), version: ended.graphVersion })}
      </Typography>
    </Paper>
  );
}

export default function OverviewPage() {
  const { t, i18n } = useTranslation('overview');
  const { t: appT } = useTranslation();
  const { period, outletId, setPeriod, setOutlet } = useOverviewParams();
  const q = useOverview(period, outletId);
  useOverviewRealtime();
  const data = q.data;
  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('title')}
        subtitle={data ? t('subtitle', { from: formatDateOnly(data.period.from, i18n.language), to: formatDateOnly(data.period.to, i18n.language), previousFrom: formatDateOnly(data.period.previousFrom, i18n.language), previousTo: formatDateOnly(data.period.previousTo, i18n.language) }) : t('subtitleLoading')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} role="group" aria-label={t('period.label')}>
          {OVERVIEW_PERIODS.map((p) => (
            <Button key={p} size="small" variant={p === period ? 'contained' : 'outlined'} aria-pressed={p === period} onClick={() => setPeriod(p)} data-testid={`period-${p}`}>
              {t('period.days', { count: Number(p) })}
            </Button>
          ))}
        </Stack>
        <NativeSelectField id="overview-outlet" label={t('outlet')} value={outletId ?? ''} onChange={(e) => setOutlet(e.target.value || null)} htmlSelect={{ 'data-testid': 'overview-outlet-filter' }}>
          <option value="">{t('allOutlets')}</option>
          {[...new Set((data?.choices ?? []).map((o) => o.brandName))].map((brand) => (
            <optgroup key={brand} label={brand}>
              {data!.choices
                .filter((o) => o.brandName === brand)
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </NativeSelectField>
      </Stack>
      {data?.facebookReviewsEnded && <ReviewsEndedNotice ended={data.facebookReviewsEnded} />}
      <ListState query={q} isEmpty={!data || data.choices.length === 0} skeleton={{ rows: 4, rowHeight: 96, label: appT('common.loading') }} empty={<ListEmpty title={t('noOutlets')} testId="overview-empty" />}>
        {data && <OverviewBody data={data} outletId={outletId} />}
      </ListState>
    </Stack>
  );
}
