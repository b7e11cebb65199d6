/**
 * `/colors`: the current skin's MUI palette as swatches, read from the theme in context, so the
 * light and dark skins each show their own colours. Each swatch prints its name, its hex value
 * as plain selectable text (no clipboard involved) and the contrast of its text colour on it;
 * a shade filter (all, light, main, dark) is the page's control. Greys and the surface and text
 * colours follow.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { getContrastRatio, rgbToHex, useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBlock, ShowcasePage } from '../../components/showcase-page.tsx';

/** The palette's colour intents. */
export const PALETTE_COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;
const SHADES = ['light', 'main', 'dark'] as const;
type Shade = (typeof SHADES)[number];
const GREYS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;

/** `color` (hex, `rgb()` or `rgba()`) as upper-case hex, the way designers quote it. */
export function toHex(color: string): string {
  return (color.startsWith('#') ? color : rgbToHex(color)).toUpperCase();
}

interface SwatchProps {
  name: string;
  color: string;
  /** The text colour drawn on the swatch. */
  textColor: string;
}

function Swatch({ name, color, textColor }: SwatchProps) {
  const { t } = useTranslation('demo-ui-elements');
  const hex = toHex(color);
  const ratio = getContrastRatio(color, textColor);
  return (
    <Box component="li" data-testid={`swatch-${name}`} sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper' }}>
      <Box sx={{ bgcolor: color, color: textColor, height: 72, p: 1, display: 'flex', alignItems: 'flex-end' }}>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {t('colors.contrast', { ratio: ratio.toFixed(1) })}
        </Typography>
      </Box>
      <Box sx={{ p: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography variant="body2" component="code" color="text.secondary" sx={{ fontFamily: 'monospace', userSelect: 'all' }} data-testid="swatch-hex">
          {hex}
        </Typography>
      </Box>
    </Box>
  );
}

function SwatchList({ children }: { children: ReactNode }) {
  return <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>{children}</Box>;
}

export function ColorsPage() {
  const { t } = useTranslation('demo-ui-elements');
  const theme = useTheme();
  const { palette } = theme;
  const [shade, setShade] = useState<Shade | 'all'>('all');
  const shades = shade === 'all' ? SHADES : [shade];
  return (
    <ShowcasePage target="colors" subtitle={t('colors.subtitle')} testId="ui-colors">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup exclusive size="small" value={shade} onChange={(_event, value: Shade | 'all' | null) => value && setShade(value)} aria-label={t('colors.shade')}>
          <ToggleButton value="all">{t('colors.all')}</ToggleButton>
          {SHADES.map((key) => (
            <ToggleButton key={key} value={key}>
              {t(`colors.shades.${key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Chip label={t(palette.mode === 'dark' ? 'colors.darkSkin' : 'colors.lightSkin')} variant="outlined" data-testid="colors-skin" />
      </Box>
      <DemoBlock title={t('colors.palette')} testId="colors-palette">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {PALETTE_COLORS.map((key) => (
            <Box key={key}>
              <Typography component="h3" variant="body1" sx={{ fontWeight: 600, mb: 1, textTransform: 'capitalize' }}>
                {key}
              </Typography>
              <SwatchList>
                {shades.map((tone) => (
                  <Swatch key={tone} name={`${key}.${tone}`} color={palette[key][tone]} textColor={palette[key].contrastText} />
                ))}
              </SwatchList>
            </Box>
          ))}
        </Box>
      </DemoBlock>
      <DemoBlock title={t('colors.greys')}>
        <SwatchList>
          {GREYS.map((grey) => (
            <Swatch key={grey} name={`grey.${grey}`} color={palette.grey[grey]} textColor={palette.getContrastText(palette.grey[grey])} />
          ))}
        </SwatchList>
      </DemoBlock>
      <DemoBlock title={t('colors.surfaces')}>
        <SwatchList>
          <Swatch name="background.default" color={palette.background.default} textColor={palette.text.primary} />
          <Swatch name="background.paper" color={palette.background.paper} textColor={palette.text.primary} />
          <Swatch name="text.primary" color={palette.text.primary} textColor={palette.background.paper} />
          <Swatch name="text.secondary" color={palette.text.secondary} textColor={palette.background.paper} />
          <Swatch name="divider" color={palette.divider} textColor={palette.text.primary} />
        </SwatchList>
      </DemoBlock>
    </ShowcasePage>
  );
}
