/**
 * `/pages/profile` (docs/requirements/routes.md demo routes, docs/requirements/data.md#profile-data
 * and calls.md): the template's profile over `GET /profile/data`: a header (cover, avatar, name,
 * designation), then three columns (one on phones): About, Suggested pages and Twitter feeds; the
 * posts; Latest photos, Suggestions and Polls.
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useProfile } from './api/get-profile.ts';
import { AboutCard, LatestPhotosCard, PollsCard, SuggestedPagesCard, SuggestionsCard, TwitterFeedsCard } from './components/profile-cards.tsx';
import { ProfilePost } from './components/profile-post.tsx';
import type { TProfileData } from './schema.ts';

function ProfileHeader({ header }: { header: TProfileData['header'] }) {
  const { t } = useTranslation('demo-profile');
  return (
    <Card data-testid="profile-header">
      <Box component="img" src={header.coverImg} alt={t('coverAlt')} sx={{ width: '100%', height: { xs: 140, md: 220 }, objectFit: 'cover', display: 'block' }} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-end', px: 3, pb: 2.5, mt: -5 }}>
        <Avatar src={header.avatar} alt="" variant="rounded" sx={{ width: 104, height: 104, border: 4, borderColor: 'background.paper', bgcolor: 'background.paper' }} />
        <Box sx={{ pb: 0.5 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {header.username}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {header.designation}
          </Typography>
        </Box>
      </Stack>
    </Card>
  );
}

/** The profile screen (see the module comment). */
export default function ProfileApp() {
  const { t } = useTranslation('demo-profile');
  useDocumentTitle(t('title'));
  const profile = useProfile();
  if (profile.isPending) return <Skeleton variant="rounded" height={480} aria-label={t('loading')} />;
  if (profile.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void profile.refetch()}>{t('retry')}</Button>}>
        {t('loadFailed')}
      </Alert>
    );
  }
  const data = profile.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ProfileHeader header={data.header} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6, lg: 3 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <AboutCard about={data.userAbout} />
          <SuggestedPagesCard pages={data.suggestedPages} />
          <TwitterFeedsCard feeds={data.twitterFeeds} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 6 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} component="section" aria-label={t('post.feed')}>
          {data.post.map((post) => (
            <ProfilePost key={`${post.username}-${post.postTime}`} post={post} />
          ))}
        </Grid>
        <Grid size={{ xs: 12, lg: 3 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <LatestPhotosCard photos={data.latestPhotos} />
          <SuggestionsCard suggestions={data.suggestions} />
          <PollsCard polls={data.polls} />
        </Grid>
      </Grid>
    </Box>
  );
}
