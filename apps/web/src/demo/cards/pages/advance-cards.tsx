/**
 * `/cards/advance`: richer MUI cards: a chef's profile with a follow button (the page's
 * control), upcoming reservations, the opening checklist (ticking tasks updates the count), the
 * dishes that sell best with their share, and an event with its guests.
 */
import EventIcon from '@mui/icons-material/Event';
import PlaceIcon from '@mui/icons-material/Place';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardRow, ShowcasePage } from '../../components/showcase-page.tsx';

const RESERVATIONS = [
  { name: 'Ana Ribeiro', time: '19:00', guests: 4 },
  { name: 'Jonas Weber', time: '19:30', guests: 2 },
  { name: 'Claire Martin', time: '20:15', guests: 6 },
  { name: 'Tom Hughes', time: '21:00', guests: 3 },
] as const;

const TASKS = ['tables', 'mise', 'fridge', 'specials', 'music'] as const;

const DISHES = [
  { name: 'Tagliatelle al ragù', share: 34 },
  { name: 'Pizza Margherita', share: 27 },
  { name: 'Burrata & tomatoes', share: 18 },
  { name: 'Tiramisù', share: 12 },
] as const;

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

function TitledCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function AdvanceCardsPage() {
  const { t } = useTranslation('demo-cards');
  const [following, setFollowing] = useState(false);
  const [done, setDone] = useState<readonly string[]>(['tables']);
  const followers = 1240 + (following ? 1 : 0);
  return (
    <ShowcasePage target="advanceCards" subtitle={t('advance.subtitle')} testId="cards-advance">
      <CardRow>
        <Card data-testid="card-profile">
          <Box sx={{ height: 72, bgcolor: 'primary.main' }} />
          <CardContent sx={{ textAlign: 'center', mt: -6 }}>
            <Avatar sx={{ width: 80, height: 80, mx: 'auto', border: 4, borderColor: 'background.paper', bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 28 }}>LB</Avatar>
            <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
              Luca Bianchi
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('advance.chefRole')}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-around', my: 2 }}>
              {[
                { label: t('advance.dishes'), value: '48' },
                { label: t('advance.followers'), value: followers.toLocaleString('en') },
                { label: t('advance.rating'), value: '4.8' },
              ].map(({ label, value }) => (
                <Box key={label}>
                  <Typography variant="h6" component="p" data-testid={`profile-${label}`}>
                    {value}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {label}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Button variant={following ? 'outlined' : 'contained'} aria-pressed={following} onClick={() => setFollowing((value) => !value)} data-testid="card-profile-follow">
              {following ? t('advance.following') : t('advance.follow')}
            </Button>
          </CardContent>
        </Card>

        <TitledCard title={t('advance.reservations')}>
          <List dense disablePadding>
            {RESERVATIONS.map(({ name, time, guests }) => (
              <ListItem key={name} disableGutters secondaryAction={<Chip size="small" label={time} />}>
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'info.main', color: 'info.contrastText' }}>{initials(name)}</Avatar>
                </ListItemAvatar>
                <ListItemText primary={name} secondary={t('advance.guests', { count: guests })} />
              </ListItem>
            ))}
          </List>
        </TitledCard>

        <TitledCard title={t('advance.checklist')} testId="card-checklist">
          <Typography variant="body2" color="text.secondary" role="status" data-testid="checklist-count">
            {t('advance.done', { done: done.length, total: TASKS.length })}
          </Typography>
          <LinearProgress variant="determinate" value={(done.length / TASKS.length) * 100} sx={{ my: 1 }} aria-label={t('advance.checklist')} />
          {TASKS.map((task) => (
            <FormControlLabel
              key={task}
              sx={{ display: 'flex' }}
              control={<Checkbox checked={done.includes(task)} onChange={(_event, checked) => setDone((list) => (checked ? [...list, task] : list.filter((item) => item !== task)))} />}
              label={t(`advance.tasks.${task}`)}
            />
          ))}
        </TitledCard>

        <TitledCard title={t('advance.bestSellers')}>
          {DISHES.map(({ name, share }) => (
            <Box key={name} sx={{ mb: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Typography variant="body2">{name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {share} %
                </Typography>
              </Box>
              <LinearProgress variant="determinate" value={share} color="success" aria-label={name} />
            </Box>
          ))}
        </TitledCard>

        <TitledCard title={t('advance.eventTitle')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('advance.eventText')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <EventIcon color="primary" aria-hidden />
            <Typography variant="body2">{t('advance.eventDate')}</Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <PlaceIcon color="primary" aria-hidden />
            <Typography variant="body2">{t('advance.eventPlace')}</Typography>
          </Box>
          <Divider sx={{ my: 2 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <AvatarGroup max={4} total={18}>
              {RESERVATIONS.map(({ name }) => (
                <Avatar key={name} alt={name}>
                  {initials(name)}
                </Avatar>
              ))}
            </AvatarGroup>
            <Typography variant="body2" color="text.secondary">
              {t('advance.attending', { count: 18 })}
            </Typography>
          </Box>
        </TitledCard>
      </CardRow>
    </ShowcasePage>
  );
}
