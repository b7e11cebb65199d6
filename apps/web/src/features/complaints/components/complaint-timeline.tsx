/**
 * A complaint's timeline, oldest first (POST /api/complaints/get): the guest's reviews with
 * their stars, the page's public replies, the conversation's guest and page messages, and the
 * activity (opened, linked, status, assignee, root cause), worded here in the user's language
 * from `activity.kind/value`. An ordered list, each entry with its author, channel and time.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TTimelineItem } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { activityText, channelLabel } from '../format.ts';
import { StarRating } from '../../../components/star-rating.tsx';

function Heading({ item }: { item: TTimelineItem }) {
  const { t } = useTranslation('complaints');
  const channel = channelLabel(item.channel, t);
  switch (item.kind) {
    case 'review':
      return <>{t('timeline.review', { author: item.author, channel })}</>;
    case 'review_reply':
      return <>{t('timeline.reply', { author: item.author, channel })}</>;
    case 'guest_message':
      return <>{t('timeline.guestMessage', { author: item.author, channel })}</>;
    case 'page_message':
      return <>{t('timeline.pageMessage', { author: item.author, channel })}</>;
    case 'activity':
      return null;
  }
}

function Entry({ item }: { item: TTimelineItem }) {
  const { t, i18n } = useTranslation('complaints');
  const time = (
    <Typography variant="caption" color="text.secondary">
      <time dateTime={item.at}>{formatDate(item.at, i18n.language, true)}</time>
    </Typography>
  );
  if (item.kind === 'activity') {
    return (
      <Box component="li" data-testid="timeline-item" data-kind={item.kind} sx={{ listStyle: 'none', pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          {activityText(item, t)}
        </Typography>
        {time}
      </Box>
    );
  }
  const fromPage = item.kind === 'page_message' || item.kind === 'review_reply';
  return (
    <Box
      component="li"
      data-testid="timeline-item"
      data-kind={item.kind}
      sx={{ listStyle: 'none', p: 1.5, borderRadius: 1, bgcolor: fromPage ? 'action.hover' : 'background.paper', border: 1, borderColor: 'divider', ml: fromPage ? 3 : 0 }}
    >
      <Typography variant="subtitle2" component="p">
        <Heading item={item} />
      </Typography>
      {item.kind === 'review' && item.rating !== null && (
        <StarRating value={item.rating} label={t('source.stars', { count: item.rating })} />
      )}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.text || t('timeline.noText')}
      </Typography>
      {time}
    </Box>
  );
}

export function ComplaintTimeline({ items }: { items: readonly TTimelineItem[] }) {
  const { t } = useTranslation('complaints');
  return (
    <Box component="ol" data-testid="complaint-timeline" aria-label={t('timeline.label')} sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {items.map((item, index) => (
        <Entry key={`${item.at}:${item.kind}:${index}`} item={item} />
      ))}
    </Box>
  );
}
