/**
 * A complaint's sources as small chips: where the guest spoke (Facebook, Google, Messenger,
 * Instagram) and, for reviews, the stars they gave. Each chip is named in full for screen
 * readers ("Google review, 1 star") by hidden text, since "★ 1" alone says little.
 */
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TComplaintSource } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { srOnly } from '../../../components/sr-only.ts';
import { channelLabel } from '../format.ts';

export function SourceChip({ source }: { source: TComplaintSource }) {
  const { t } = useTranslation('complaints');
  const channel = channelLabel(source.channel, t);
  const review = source.kind === 'review';
  const name = review
    ? source.rating === null
      ? t('source.review', { channel })
      : t('source.reviewStars', { channel, stars: t('source.stars', { count: source.rating }) })
    : t('source.conversation', { channel });
  return (
    <Chip
      size="small"
      variant="outlined"
      data-testid="complaint-source"
      data-channel={source.channel}
      title={name}
      label={
        <>
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {channel}
            {review && source.rating !== null && (
              <>
                <StarIcon sx={{ fontSize: 14, color: 'warning.main' }} />
                {source.rating}
              </>
            )}
          </Box>
          <Box component="span" sx={srOnly}>
            {name}
          </Box>
        </>
      }
    />
  );
}

export function SourceChips({ sources }: { sources: readonly TComplaintSource[] }) {
  const { t } = useTranslation('complaints');
  return (
    <Box component="ul" aria-label={t('list.sources')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}>
      {sources.map((source) => (
        <li key={`${source.kind}:${source.id}`}>
          <SourceChip source={source} />
        </li>
      ))}
    </Box>
  );
}
