/**
 * `/components/carousel`: a carousel of dishes with embla-carousel-react (the
 * showcase's one carousel library, the Swiper page uses it too). Previous and next buttons,
 * a dot per slide, the arrow keys when the carousel has focus, and a live "slide n of m" line;
 * it loops, does not autoplay (nothing moves unless asked), and jumps instead of sliding for
 * those who asked their system for reduced motion.
 */
import BakeryDiningIcon from '@mui/icons-material/BakeryDining';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IcecreamIcon from '@mui/icons-material/Icecream';
import LocalPizzaIcon from '@mui/icons-material/LocalPizza';
import RamenDiningIcon from '@mui/icons-material/RamenDining';
import SetMealIcon from '@mui/icons-material/SetMeal';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBlock, ShowcasePage } from '../../components/showcase-page.tsx';

/** The slides, each a dish and the palette colour of its band. */
export const SLIDES = [
  { key: 'pizza', icon: LocalPizzaIcon, color: 'warning' },
  { key: 'ramen', icon: RamenDiningIcon, color: 'info' },
  { key: 'fish', icon: SetMealIcon, color: 'success' },
  { key: 'bread', icon: BakeryDiningIcon, color: 'secondary' },
  { key: 'gelato', icon: IcecreamIcon, color: 'error' },
] as const;

export function CarouselPage() {
  const { t } = useTranslation('demo-ui-components');
  const [viewport, embla] = useEmblaCarousel({ loop: true });
  // Those who asked their system for reduced motion get a jump instead of a slide.
  const jump = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [index, setIndex] = useState(0);
  const regionId = useId();

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(jump), [embla, jump]);
  const next = useCallback(() => embla?.scrollNext(jump), [embla, jump]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  return (
    <ShowcasePage target="carousel" subtitle={t('carousel.subtitle')} testId="components-carousel">
      <DemoBlock title={t('carousel.dishes')} testId="carousel-block">
        <Box
          id={regionId}
          role="region"
          aria-roledescription="carousel"
          aria-label={t('carousel.dishes')}
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="carousel"
          sx={{ borderRadius: 1, '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          <Box ref={viewport} sx={{ overflow: 'hidden', borderRadius: 1 }}>
            <Box sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom' }}>
              {SLIDES.map(({ key, icon: Icon, color }, slide) => (
                <Box
                  key={key}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('carousel.position', { index: slide + 1, total: SLIDES.length })}
                  aria-hidden={slide !== index}
                  sx={(theme) => ({ flex: '0 0 100%', minWidth: 0, height: 260, display: 'flex', alignItems: 'center', gap: 3, px: { xs: 3, sm: 8 }, bgcolor: alpha(theme.palette[color].main, 0.18) })}
                >
                  <Icon sx={{ fontSize: 96, color: `${color}.main`, flexShrink: 0 }} aria-hidden />
                  <Box>
                    <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
                      {t(`carousel.slides.${key}.title`)}
                    </Typography>
                    <Typography color="text.secondary">{t(`carousel.slides.${key}.text`)}</Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2, gap: 2 }}>
          <IconButton onClick={prev} aria-label={t('carousel.previous')} aria-controls={regionId} data-testid="carousel-prev">
            <ChevronLeftIcon />
          </IconButton>
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            {SLIDES.map(({ key }, slide) => (
              <IconButton key={key} size="small" onClick={() => embla?.scrollTo(slide, jump)} aria-label={t('carousel.goTo', { index: slide + 1 })} aria-current={slide === index ? 'true' : undefined} aria-controls={regionId}>
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: slide === index ? 'primary.main' : 'action.disabled' }} />
              </IconButton>
            ))}
          </Box>
          <IconButton onClick={next} aria-label={t('carousel.next')} aria-controls={regionId} data-testid="carousel-next">
            <ChevronRightIcon />
          </IconButton>
        </Box>
        <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }} data-testid="carousel-status">
          {t('carousel.position', { index: index + 1, total: SLIDES.length })}
        </Typography>
      </DemoBlock>
    </ShowcasePage>
  );
}
