/**
 * The media grid: one card per post, reel or story with its thumbnail (a tile with
 * the type's icon when the image cannot be loaded), a type badge, the posting date, the caption,
 * the metrics valid for its type (watch time for reels) and, when Instagram gave no numbers, why,
 * in plain words. A metric Instagram refused for the item says so instead of a number.
 */
import CollectionsIcon from '@mui/icons-material/Collections';
import ImageIcon from '@mui/icons-material/Image';
import MovieIcon from '@mui/icons-material/Movie';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { METRICS_BY_PRODUCT_TYPE, productTypeOf, type TInstagramMediaItem, type TMediaKind } from '@dinedesk/contracts/instagram';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetric } from '../format.ts';

const KIND_ICONS: Record<TMediaKind, ComponentType<{ fontSize?: 'large'; color?: 'action' }>> = {
  IMAGE: ImageIcon,
  CAROUSEL_ALBUM: CollectionsIcon,
  VIDEO: VideocamIcon,
  REELS: MovieIcon,
  STORY: SlideshowIcon,
};

/** The image, or the type's icon on a tile when there is none or it does not load. */
function Thumbnail({ item }: { item: TInstagramMediaItem }) {
  const [failed, setFailed] = useState(false);
  const Icon = KIND_ICONS[item.kind];
  return (
    <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      {item.thumbnailUrl && !failed ? (
        <Box component="img" src={item.thumbnailUrl} alt="" loading="lazy" onError={() => setFailed(true)} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Icon fontSize="large" color="action" />
      )}
    </Box>
  );
}

function MediaCard({ item }: { item: TInstagramMediaItem }) {
  const { t, i18n } = useTranslation('instagram');
  const metrics = METRICS_BY_PRODUCT_TYPE[productTypeOf(item.kind)];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(item.postedAt));
  const unavailable = new Set<string>(item.unavailableMetrics);
  return (
    <Paper component="li" variant="outlined" data-testid="media-item" data-id={item.id} data-kind={item.kind} data-status={item.status} sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Box sx={{ position: 'relative' }}>
        <Thumbnail item={item} />
        <Chip label={t(`kind.${item.kind}`)} size="small" data-testid="media-kind" sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper' }} />
      </Box>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {t('item.posted', { date })}
        </Typography>
        <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {item.caption || t('item.noCaption')}
        </Typography>
        {item.status !== 'ok' && (
          <Typography variant="body2" role="note" data-testid="media-status" sx={{ color: item.status === 'failed' ? 'error.main' : 'warning.dark', fontWeight: 500 }}>
            {t(`status.${item.status}`)}
          </Typography>
        )}
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
          {metrics.map((metric) => {
            const value = item.metrics[metric];
            return (
              <Box key={metric} sx={{ display: 'contents' }} data-testid={`metric-${metric}`}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {t(`metric.${metric}`)}
                </Typography>
                <Typography component="dd" variant="caption" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
                  {unavailable.has(metric) ? <span title={t('item.unavailable')}>{t('item.unavailable')}</span> : value === null ? '—' : formatMetric(metric, value, i18n.language, t)}
                </Typography>
              </Box>
            );
          })}
        </Box>
        {item.permalink && (
          <Link href={item.permalink} target="_blank" rel="noopener noreferrer" variant="caption" sx={{ mt: 'auto', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {t('item.open')}
            <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
          </Link>
        )}
      </Box>
    </Paper>
  );
}

export function MediaGrid({ items, label }: { items: TInstagramMediaItem[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} data-testid="media-grid" sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {items.map((item) => (
        <MediaCard key={item.id} item={item} />
      ))}
    </Box>
  );
}
