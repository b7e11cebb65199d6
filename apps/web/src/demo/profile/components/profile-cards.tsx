/**
 * The profile page's side cards (docs/requirements/data.md#profile-data): About, Suggested pages
 * and Twitter feeds on the left; Latest photos, Suggestions and Polls on the right. A poll takes
 * the visitor's vote on the page (the spec lists no call to send it).
 */
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProfileData } from '../schema.ts';

/** A titled card; its heading names the region for assistive technology. */
export function ProfileCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function FavoriteMark({ favorite }: { favorite: boolean }) {
  const { t } = useTranslation('demo-profile');
  return favorite ? <Star color="warning" aria-label={t('favorite')} /> : <StarBorder color="disabled" aria-hidden />;
}

/** About: the text, joined date, home town, email and website. */
export function AboutCard({ about }: { about: TProfileData['userAbout'] }) {
  const { t, i18n } = useTranslation('demo-profile');
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(`${about.joined}T00:00:00`));
  const rows: [string, string][] = [
    [t('about.joined'), joined],
    [t('about.lives'), about.lives],
    [t('about.email'), about.email],
    [t('about.website'), about.website],
  ];
  return (
    <ProfileCard title={t('about.title')} testId="profile-about">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {about.about}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ mb: 1.5 }}>
            <Typography component="dt" variant="subtitle2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </ProfileCard>
  );
}

/** Suggested pages with their favourite mark. */
export function SuggestedPagesCard({ pages }: { pages: TProfileData['suggestedPages'] }) {
  const { t } = useTranslation('demo-profile');
  return (
    <ProfileCard title={t('suggestedPages')} testId="profile-suggested-pages">
      <List dense disablePadding>
        {pages.map((page) => (
          <ListItem key={page.username} disableGutters secondaryAction={<FavoriteMark favorite={page.favorite} />}>
            <ListItemAvatar>
              <Avatar src={page.avatar} alt="" />
            </ListItemAvatar>
            <ListItemText primary={page.username} secondary={page.subtitle} />
          </ListItem>
        ))}
      </List>
    </ProfileCard>
  );
}

/** Twitter feeds: author, handle, text and tags. */
export function TwitterFeedsCard({ feeds }: { feeds: TProfileData['twitterFeeds'] }) {
  const { t } = useTranslation('demo-profile');
  return (
    <ProfileCard title={t('twitterFeeds')} testId="profile-twitter-feeds">
      {feeds.map((feed) => (
        <Box key={feed.id} component="article" sx={{ mb: 2, '&:last-child': { mb: 0 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
            <Avatar src={feed.imgUrl} alt="" sx={{ width: 36, height: 36 }} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" noWrap>
                {feed.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                @{feed.id}
              </Typography>
            </Box>
            <FavoriteMark favorite={feed.favorite} />
          </Box>
          <Typography variant="body2">{feed.desc}</Typography>
          <Typography variant="body2" color="primary">
            {feed.tags}
          </Typography>
        </Box>
      ))}
    </ProfileCard>
  );
}

/** The nine latest photos in a grid. */
export function LatestPhotosCard({ photos }: { photos: TProfileData['latestPhotos'] }) {
  const { t } = useTranslation('demo-profile');
  return (
    <ProfileCard title={t('latestPhotos')} testId="profile-latest-photos">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
        {photos.map((photo, index) => (
          <Box key={index} component="img" src={photo.img} alt={t('photoAlt', { n: index + 1 })} sx={{ width: '100%', aspectRatio: '1', borderRadius: 1, display: 'block' }} />
        ))}
      </Box>
    </ProfileCard>
  );
}

/** People the visitor may know, with their mutual friends. */
export function SuggestionsCard({ suggestions }: { suggestions: TProfileData['suggestions'] }) {
  const { t } = useTranslation('demo-profile');
  return (
    <ProfileCard title={t('suggestions')} testId="profile-suggestions">
      <List dense disablePadding>
        {suggestions.map((suggestion) => (
          <ListItem key={suggestion.name} disableGutters>
            <ListItemAvatar>
              <Avatar src={suggestion.avatar} alt="" />
            </ListItemAvatar>
            <ListItemText primary={suggestion.name} secondary={t('mutualFriends', { count: suggestion.mutualFriend })} />
          </ListItem>
        ))}
      </List>
    </ProfileCard>
  );
}

/** The poll: a choice per option with its share of the votes and who voted. */
export function PollsCard({ polls }: { polls: TProfileData['polls'] }) {
  const { t, i18n } = useTranslation('demo-profile');
  const [vote, setVote] = useState<string | null>(null);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <ProfileCard title={t('polls.title')} testId="profile-polls">
      <Typography id="profile-poll-question" variant="body2" sx={{ mb: 1 }}>
        {t('polls.question')}
      </Typography>
      <RadioGroup aria-labelledby="profile-poll-question" value={vote ?? ''} onChange={(event) => setVote(event.target.value)}>
        {polls.map((poll) => (
          <Box key={poll.name} sx={{ mb: 2 }} data-testid="profile-poll-option">
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <FormControlLabel value={poll.name} control={<Radio size="small" />} label={poll.name} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {percent.format(poll.result / 100)}
              </Typography>
            </Box>
            <LinearProgress variant="determinate" value={poll.result} aria-label={t('polls.share', { name: poll.name })} sx={{ height: 8, borderRadius: 4, mb: 1 }} />
            <AvatarGroup max={6} sx={{ justifyContent: 'flex-end' }}>
              {poll.votedUser.map((voter) => (
                <Avatar key={voter.username} src={voter.img} alt={voter.username} sx={{ width: 26, height: 26 }} />
              ))}
            </AvatarGroup>
          </Box>
        ))}
      </RadioGroup>
      {vote && (
        <Typography variant="body2" color="success.main" role="status">
          {t('polls.voted', { name: vote })}
        </Typography>
      )}
    </ProfileCard>
  );
}
