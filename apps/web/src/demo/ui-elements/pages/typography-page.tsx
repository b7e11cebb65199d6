/**
 * `/ui-element/typography`: every MUI Typography variant of the theme with its size and weight,
 * showing a line the visitor can type (the page's control), then text colours, weights and the
 * layout props (`noWrap`, `align`, `gutterBottom`). The samples are `p`/`span` elements, not
 * headings, so the page keeps one `h1` and a clean outline.
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBlock, ShowcasePage } from '../../components/showcase-page.tsx';

/** The theme's text variants, largest first. */
export const TYPOGRAPHY_VARIANTS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'subtitle2', 'body1', 'body2', 'button', 'caption', 'overline'] as const;

const COLORS = ['text.primary', 'text.secondary', 'primary', 'secondary', 'success', 'info', 'warning', 'error'] as const satisfies readonly TypographyProps['color'][];
const WEIGHTS = [300, 400, 500, 600, 700] as const;

export function TypographyPage() {
  const { t } = useTranslation('demo-ui-elements');
  const theme = useTheme();
  const [sample, setSample] = useState(() => t('typography.defaultSample'));
  const text = sample.trim() || t('typography.defaultSample');
  return (
    <ShowcasePage target="typography" subtitle={t('typography.subtitle')} testId="ui-typography">
      <DemoBlock title={t('typography.variants')} testId="typography-variants">
        <TextField
          label={t('typography.sample')}
          value={sample}
          onChange={(event) => setSample(event.target.value)}
          fullWidth
          size="small"
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'typography-sample' } }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 1fr)' }, columnGap: 2, rowGap: 1.5, alignItems: 'baseline' }}>
          {TYPOGRAPHY_VARIANTS.map((variant) => {
            const style = theme.typography[variant];
            return (
              <Fragment key={variant}>
                <Box>
                  <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                    {variant}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('typography.metrics', { size: String(style.fontSize ?? ''), weight: String(style.fontWeight ?? '') })}
                  </Typography>
                </Box>
                <Typography variant={variant} component="p" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`typography-${variant}`}>
                  {text}
                </Typography>
              </Fragment>
            );
          })}
        </Box>
      </DemoBlock>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <DemoBlock title={t('typography.colors')}>
          {COLORS.map((color) => (
            <Typography key={color} color={color} sx={{ fontWeight: 500 }}>
              {color}
            </Typography>
          ))}
        </DemoBlock>
        <DemoBlock title={t('typography.weights')}>
          {WEIGHTS.map((weight) => (
            <Typography key={weight} sx={{ fontWeight: weight }}>
              {t('typography.weight', { weight })}
            </Typography>
          ))}
        </DemoBlock>
        <DemoBlock title={t('typography.layout')}>
          <Typography gutterBottom>{t('typography.gutterBottom')}</Typography>
          <Divider sx={{ my: 1 }} />
          <Typography noWrap title={t('typography.noWrap')}>
            {t('typography.noWrap')}
          </Typography>
          <Divider sx={{ my: 1 }} />
          <Typography align="center">{t('typography.center')}</Typography>
          <Typography align="right">{t('typography.right')}</Typography>
          <Divider sx={{ my: 1 }} />
          <Typography variant="body2">
            {t('typography.inline')} <Box component="strong">{t('typography.strong')}</Box>, <Box component="em">{t('typography.emphasis')}</Box>,{' '}
            <Box component="code" sx={{ fontFamily: 'monospace', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' }}>
              code
            </Box>
            .
          </Typography>
        </DemoBlock>
      </Box>
    </ShowcasePage>
  );
}
