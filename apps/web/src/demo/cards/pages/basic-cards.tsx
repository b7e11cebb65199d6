/**
 * `/cards/basic`: MUI Card in its plain shapes, with restaurant content: a dish with a media
 * band, price and actions (order, save to favourites: the page's control), an outlined card of
 * opening hours, a review under a CardHeader, a horizontal card and a quote.
 */
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LocalPizzaIcon from '@mui/icons-material/LocalPizza';
import RamenDiningIcon from '@mui/icons-material/RamenDining';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardRow, ShowcasePage } from '../../components/showcase-page.tsx';

const HOURS = [
  { days: 'monFri', time: '11:30 – 22:30' },
  { days: 'sat', time: '10:00 – 23:30' },
  { days: 'sun', time: '10:00 – 21:00' },
] as const;

export function BasicCardsPage() {
  const { t } = useTranslation('demo-cards');
  const [saved, setSaved] = useState(false);
  const [ordered, setOrdered] = useState(0);
  return (
    <ShowcasePage target="basicCards" subtitle={t('basic.subtitle')} testId="cards-basic">
      <CardRow>
        <Card data-testid="card-dish">
          <Box sx={(theme) => ({ height: 140, display: 'grid', placeItems: 'center', background: `linear-gradient(135deg, ${alpha(theme.palette.warning.main, 0.35)}, ${alpha(theme.palette.error.main, 0.35)})` })}>
            <LocalPizzaIcon sx={{ fontSize: 72, color: 'text.primary', opacity: 0.7 }} aria-hidden />
          </Box>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography component="h2" variant="h6">
                Pizza Margherita
              </Typography>
              <Typography variant="h6" color="primary">
                €12.50
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('basic.dish')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
              <Chip size="small" label={t('basic.vegetarian')} color="success" variant="outlined" />
              <Chip size="small" label={t('basic.woodFired')} variant="outlined" />
            </Box>
          </CardContent>
          <CardActions>
            <Button variant="contained" onClick={() => setOrdered((count) => count + 1)} data-testid="card-dish-order">
              {t('basic.order')}
            </Button>
            <IconButton aria-label={t('basic.favourite')} aria-pressed={saved} onClick={() => setSaved((value) => !value)} color={saved ? 'error' : 'default'} data-testid="card-dish-favourite">
              {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            </IconButton>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: 'auto' }} data-testid="card-dish-status">
              {ordered > 0 ? t('basic.ordered', { count: ordered }) : saved ? t('basic.saved') : ''}
            </Typography>
          </CardActions>
        </Card>

        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {t('basic.hours')}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1 }}>
              {HOURS.map(({ days, time }) => (
                <Box key={days} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {t(`basic.days.${days}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                    {time}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('basic.kitchenCloses')}
            </Typography>
          </CardContent>
        </Card>

        <Card>
          <CardHeader
            avatar={<Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>MS</Avatar>}
            title="Maria Santos"
            subheader={t('basic.reviewDate')}
            slotProps={{ title: { component: 'h2', variant: 'subtitle1', sx: { fontWeight: 600 } } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Rating value={4.5} precision={0.5} readOnly size="small" aria-label={t('basic.rating', { rating: 4.5 })} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('basic.review')}
            </Typography>
          </CardContent>
        </Card>
      </CardRow>

      <CardRow min={420}>
        <Card sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box sx={{ minWidth: 140, minHeight: 120, display: 'grid', placeItems: 'center', bgcolor: (theme) => alpha(theme.palette.info.main, 0.2) }}>
            <RamenDiningIcon sx={{ fontSize: 56, color: 'info.main' }} aria-hidden />
          </Box>
          <CardContent>
            <Typography component="h2" variant="h6">
              {t('basic.horizontalTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('basic.horizontalText')}
            </Typography>
            <Button size="small">{t('basic.viewMenu')}</Button>
          </CardContent>
        </Card>

        <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <CardContent>
            <FormatQuoteIcon sx={{ fontSize: 40 }} aria-hidden />
            <Typography component="h2" variant="h6" gutterBottom>
              {t('basic.quoteTitle')}
            </Typography>
            <Typography component="blockquote" sx={{ m: 0 }}>
              {t('basic.quote')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600 }}>
              — Chef Luca Bianchi
            </Typography>
          </CardContent>
        </Card>
      </CardRow>
    </ShowcasePage>
  );
}
