/**
 * A carousel on embla-carousel-react (the section's swiper): previous/next arrow buttons, one
 * dot per stop (the current one marked with aria-current), the arrow keys while focus is in
 * it, and an optional play/pause that advances every few seconds (off until pressed). Several
 * slides per view come from `perView`; `loop` wraps around.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CarouselProps {
  label: string;
  slides: readonly ReactNode[];
  /** Slides visible at once from the `sm` breakpoint (one on phones). */
  perView?: number;
  loop?: boolean;
  /** Offer a play button (autoplay stays off until it is pressed). */
  autoplay?: boolean;
  testId: string;
}

const AUTOPLAY_MS = 3000;

/** The carousel (see the module comment). */
export function Carousel({ label, slides, perView = 1, loop = false, autoplay = false, testId }: CarouselProps) {
  const { t } = useTranslation('demo-extensions');
  const [viewport, api] = useEmblaCarousel({ loop, align: 'start', slidesToScroll: 1 });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [playing, setPlaying] = useState(false);

  const sync = useCallback(() => {
    if (!api) return;
    setSnaps(api.scrollSnapList());
    setSelected(api.selectedScrollSnap());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  useEffect(() => {
    if (!playing || !api) return;
    const timer = setInterval(() => (api.canScrollNext() ? api.scrollNext() : api.scrollTo(0)), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, api]);

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-selected={selected}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') {
          event.preventDefault();
          api?.scrollPrev();
        } else if (event.key === 'ArrowRight') {
          event.preventDefault();
          api?.scrollNext();
        }
      }}
    >
      <Box ref={viewport} sx={{ overflow: 'hidden', borderRadius: 1 }}>
        <Box sx={{ display: 'flex', ml: -2, touchAction: 'pan-y pinch-zoom' }}>
          {slides.map((slide, index) => (
            <Box
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('swiper.slideOf', { n: index + 1, total: slides.length })}
              sx={{ flex: { xs: '0 0 100%', sm: `0 0 ${100 / perView}%` }, minWidth: 0, pl: 2 }}
            >
              {slide}
            </Box>
          ))}
        </Box>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'center' }}>
        <IconButton aria-label={t('swiper.previous')} onClick={() => api?.scrollPrev()} disabled={!canPrev}>
          <ChevronLeft />
        </IconButton>
        <Stack direction="row" spacing={0.5} role="group" aria-label={t('swiper.stops')}>
          {snaps.map((_, index) => (
            <Box
              key={index}
              component="button"
              type="button"
              aria-label={t('swiper.goTo', { n: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => api?.scrollTo(index)}
              sx={(theme) => ({
                width: index === selected ? 24 : 10,
                height: 10,
                p: 0,
                border: 0,
                borderRadius: 5,
                cursor: 'pointer',
                bgcolor: index === selected ? 'primary.main' : 'action.disabled',
                transition: theme.transitions.create('width'),
                '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
              })}
            />
          ))}
        </Stack>
        <IconButton aria-label={t('swiper.next')} onClick={() => api?.scrollNext()} disabled={!canNext}>
          <ChevronRight />
        </IconButton>
        {autoplay && (
          <IconButton aria-label={playing ? t('swiper.pause') : t('swiper.play')} aria-pressed={playing} onClick={() => setPlaying((on) => !on)}>
            {playing ? <Pause /> : <PlayArrow />}
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}
