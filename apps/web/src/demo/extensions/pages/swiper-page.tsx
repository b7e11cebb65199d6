/**
 * `/extensions/swiper`: carousels with embla-carousel-react — the default one (arrows, dots,
 * autoplay off until Play is pressed), three slides per view, and a looping one. Slides are
 * tonight's dishes drawn in the theme's colours (no images to fetch, so it works offline).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../components/carousel.tsx';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

const DISHES = [
  { name: 'Margherita pizza', colour: 'primary' },
  { name: 'Grilled sea bass', colour: 'info' },
  { name: 'Wild mushroom risotto', colour: 'success' },
  { name: 'Tiramisu', colour: 'warning' },
  { name: 'Lemon tart', colour: 'secondary' },
  { name: 'Burrata & peach', colour: 'error' },
] as const;

function Slide({ name, colour, height }: { name: string; colour: (typeof DISHES)[number]['colour']; height: number }) {
  const { t } = useTranslation('demo-extensions');
  return (
    <Box sx={{ height, borderRadius: 1, bgcolor: `${colour}.main`, color: `${colour}.contrastText`, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', p: 3 }}>
      <Typography variant="overline">{t('swiper.tonight')}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
    </Box>
  );
}

/** The swiper page (see the module comment). */
export default function SwiperPage() {
  const { t } = useTranslation('demo-extensions');
  const slides = (height: number) => DISHES.map((dish) => <Slide key={dish.name} {...dish} height={height} />);
  return (
    <ShowcasePage target="swiper" subtitle={t('swiper.lead')} testId="extensions-swiper">
      <DemoCard title={t('swiper.defaultTitle')}>
        <Carousel label={t('swiper.defaultTitle')} slides={slides(240)} autoplay testId="swiper-default" />
      </DemoCard>
      <DemoCard title={t('swiper.multipleTitle')}>
        <Carousel label={t('swiper.multipleTitle')} slides={slides(160)} perView={3} testId="swiper-multiple" />
      </DemoCard>
      <DemoCard title={t('swiper.loopTitle')}>
        <Carousel label={t('swiper.loopTitle')} slides={slides(160)} perView={2} loop testId="swiper-loop" />
      </DemoCard>
    </ShowcasePage>
  );
}
