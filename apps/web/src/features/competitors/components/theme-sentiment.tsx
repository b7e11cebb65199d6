/**
 * Sentiment by theme: for the outlet and each competitor with history, each theme's
 * mean VADER score (−1..1) as a bar growing left (negative) or right (positive) from the middle,
 * with the number of mentions and the top phrases. Plain elements, not a chart: every figure is
 * also text, so screen readers read the same.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TThemeSeries } from '@dinedesk/contracts/competitors';
import { useTranslation } from 'react-i18next';

function ScoreBar({ score }: { score: number }) {
  const width = `${Math.min(1, Math.abs(score)) * 50}%`;
  return (
    <Box aria-hidden sx={{ position: 'relative', height: 8, borderRadius: 1, bgcolor: 'action.hover', flex: 1, minWidth: 48 }}>
      <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: '50%', width: '1px', bgcolor: 'divider' }} />
      <Box sx={{ position: 'absolute', top: 0, bottom: 0, borderRadius: 1, bgcolor: score >= 0 ? 'success.main' : 'error.main', width, ...(score >= 0 ? { left: '50%' } : { right: '50%' }) }} />
    </Box>
  );
}

export function ThemeSentiment({ series }: { series: TThemeSeries[] }) {
  const { t, i18n } = useTranslation('competitors');
  const signed = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  return (
    <Box component="section" aria-labelledby="competitor-themes-title" data-testid="competitor-themes" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id="competitor-themes-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('themes.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('themes.hint')}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
        {series.map((s) => (
          <Box key={s.key} data-testid="theme-card" data-key={s.key} sx={{ border: 1, borderColor: s.isOutlet ? 'primary.main' : 'divider', borderRadius: 1, p: 2 }}>
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              {s.name}
              {s.isOutlet && ` (${t('grid.you')})`}
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {s.themes.map((theme) => (
                <Box component="li" key={theme.theme} data-theme={theme.theme}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" sx={{ width: 88, flexShrink: 0 }}>
                      {t(`themes.theme.${theme.theme}`)}
                    </Typography>
                    {theme.score === null ? (
                      <Typography variant="caption" color="text.secondary">
                        {t('themes.noMentions')}
                      </Typography>
                    ) : (
                      <>
                        <ScoreBar score={theme.score} />
                        <Typography variant="caption" sx={{ width: 150, flexShrink: 0, textAlign: 'right' }}>
                          {t('themes.score', { score: signed.format(theme.score) })} · {t('themes.mentions', { count: theme.mentions })}
                        </Typography>
                      </>
                    )}
                  </Stack>
                  {theme.topPhrases.length > 0 && (
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }} aria-label={t('themes.phrases')}>
                      {theme.topPhrases.map((p) => (
                        <Chip key={p.phrase} size="small" variant="outlined" label={`${p.phrase} (${p.count})`} />
                      ))}
                    </Stack>
                  )}
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
