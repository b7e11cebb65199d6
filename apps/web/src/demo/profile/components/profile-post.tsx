/**
 * A post of the profile feed (docs/requirements/data.md#profile-data post): author and time, text
 * and picture, likes (the visitor's like toggles on the page; the spec lists no call to keep it),
 * the users who liked it ("+n" for the rest), comment and share counts, and the comments.
 */
import ChatBubbleOutlined from '@mui/icons-material/ChatBubbleOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPost } from '../schema.ts';

/** One post. */
export function ProfilePost({ post }: { post: TPost }) {
  const { t, i18n } = useTranslation('demo-profile');
  const [liked, setLiked] = useState(post.youLiked);
  const likes = post.likes - (post.youLiked ? 1 : 0) + (liked ? 1 : 0);
  const compact = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 2 });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(post.postTime));

  return (
    <Card component="article" aria-label={t('post.label', { name: post.username })} data-testid="profile-post">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar src={post.avatar} alt="" />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {post.username}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={post.postTime}>
              {time}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {post.postText}
        </Typography>
        {post.postImg && <Box component="img" src={post.postImg} alt={t('post.pictureAlt', { name: post.username })} sx={{ width: '100%', borderRadius: 1, mb: 2, display: 'block' }} />}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <Button
            size="small"
            color={liked ? 'error' : 'inherit'}
            startIcon={liked ? <Favorite /> : <FavoriteBorder />}
            aria-pressed={liked}
            onClick={() => setLiked((value) => !value)}
            data-testid="profile-post-like"
          >
            {t('post.likes', { count: likes, formatted: compact.format(likes) })}
          </Button>
          <AvatarGroup max={6} slotProps={{ surplus: { sx: { width: 26, height: 26, fontSize: 12 } } }} total={post.likedUsers.length + post.likedCount} aria-label={t('post.likedBy')}>
            {post.likedUsers.map((person) => (
              <Avatar key={person.username} src={person.avatar} alt={person.username} sx={{ width: 26, height: 26 }} />
            ))}
          </AvatarGroup>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <ChatBubbleOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">{t('post.comments', { count: post.comments, formatted: compact.format(post.comments) })}</Typography>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <ShareOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">{t('post.shares', { count: post.share, formatted: compact.format(post.share) })}</Typography>
          </Stack>
        </Stack>
        {post.detailedComments.map((comment) => (
          <Stack key={comment.username} direction="row" spacing={1.5} sx={{ mb: 1.5 }}>
            <Avatar src={comment.avatar} alt="" sx={{ width: 32, height: 32 }} />
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="subtitle2">{comment.username}</Typography>
              <Typography variant="body2">{comment.comment}</Typography>
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={t('post.commentLikes', { count: comment.commentsLikes })}>
              {comment.youLiked ? <Favorite fontSize="small" color="error" aria-hidden /> : <FavoriteBorder fontSize="small" aria-hidden />}
              <Typography variant="caption" aria-hidden>
                {comment.commentsLikes}
              </Typography>
            </Stack>
          </Stack>
        ))}
      </CardContent>
    </Card>
  );
}
