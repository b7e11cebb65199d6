/**
 * The theme customizer (docs/requirements/data.md): skin, menu layout and collapsed state, content
 * width, navbar type and colour, footer type, and right-to-left. Every change applies at once and
 * is stored (layout-settings-store.ts), so a reload keeps it. Radio groups and switches carry
 * labels and legends, so the whole panel works with a keyboard and a screen reader.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_WIDTHS,
  FOOTER_TYPES,
  MENU_LAYOUTS,
  NAVBAR_COLORS,
  NAVBAR_TYPES,
  SKINS,
  type LayoutSettingKey,
  type LayoutSettings,
} from '../lib/layout-settings.ts';
import { useLayoutSettings } from './layout-settings-store.ts';
import { navbarColors } from './navbar.tsx';

export const CUSTOMIZER_WIDTH = 340;

type ChoiceKey = 'skin' | 'menuLayout' | 'contentWidth' | 'navbarType' | 'footerType';

interface ChoiceGroupProps<K extends ChoiceKey> {
  setting: K;
  legend: string;
  options: readonly LayoutSettings[K][];
  label: (option: LayoutSettings[K]) => string;
}

/** One setting as a labelled radio group. */
function ChoiceGroup<K extends ChoiceKey>({ setting, legend, options, label }: ChoiceGroupProps<K>) {
  const legendId = useId();
  const value = useLayoutSettings((state) => state[setting]);
  const setSetting = useLayoutSettings((state) => state.setSetting);
  return (
    <FormControl component="fieldset" sx={{ display: 'block' }}>
      <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, mb: 0.5 }}>
        {legend}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={legendId}
        name={setting}
        value={value}
        onChange={(_event, next) => {
          const option = options.find((candidate) => candidate === next);
          if (option !== undefined) setSetting(setting, option);
        }}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio size="small" />}
            label={label(option)}
            sx={{ mr: 2 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function ToggleSetting({
  setting,
  label,
  disabled = false,
}: {
  setting: Extract<LayoutSettingKey, 'menuCollapsed'>;
  label: string;
  disabled?: boolean;
}) {
  const checked = useLayoutSettings((state) => state[setting]);
  const setSetting = useLayoutSettings((state) => state.setSetting);
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(_event, next) => setSetting(setting, next)} />}
      label={label}
      disabled={disabled}
    />
  );
}

/** Navbar colour as swatches: radios whose names are the colour names. */
function NavbarColorGroup() {
  const { t: tc } = useTranslation('customizer');
  const theme = useTheme();
  const legendId = useId();
  const value = useLayoutSettings((state) => state.navbarColor);
  const setSetting = useLayoutSettings((state) => state.setSetting);
  return (
    <FormControl component="fieldset" sx={{ display: 'block' }}>
      <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, mb: 0.5 }}>
        {tc('navbarColor')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={legendId}
        name="navbarColor"
        value={value}
        onChange={(_event, next) => {
          const option = NAVBAR_COLORS.find((candidate) => candidate === next);
          if (option) setSetting('navbarColor', option);
        }}
        sx={{ gap: 0.5 }}
      >
        {NAVBAR_COLORS.map((option) => {
          const { bg, fg } = navbarColors(theme, option);
          const swatch = (checked: boolean) => (
            <Box
              component="span"
              sx={{
                width: 28,
                height: 28,
                borderRadius: 1,
                bgcolor: bg,
                color: fg,
                border: 1,
                borderColor: 'divider',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {checked && <CheckIcon sx={{ fontSize: 18 }} />}
            </Box>
          );
          return (
            <Radio
              key={option}
              value={option}
              icon={swatch(false)}
              checkedIcon={swatch(true)}
              slotProps={{ input: { 'aria-label': tc(`colors.${option}`) } }}
              sx={{ p: 0.5 }}
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: 3, py: 2, display: 'grid', gap: 1.5 }}>
      <Typography component="h3" variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export interface CustomizerProps {
  open: boolean;
  onClose: () => void;
}

/** The customizer panel: a drawer on the end side with every layout setting. */
function Customizer({ open, onClose }: CustomizerProps) {
  const { t: tc } = useTranslation('customizer');
  const titleId = useId();
  const menuLayout = useLayoutSettings((state) => state.menuLayout);
  const direction = useLayoutSettings((state) => state.direction);
  const setSetting = useLayoutSettings((state) => state.setSetting);
  const resetSettings = useLayoutSettings((state) => state.resetSettings);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: CUSTOMIZER_WIDTH, maxWidth: '100vw' } } }}
    >
      <Box data-testid="customizer" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <Box sx={{ px: 3, py: 2, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography component="h2" variant="h6" id={titleId} sx={{ fontWeight: 700 }}>
              {tc('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {tc('subtitle')}
            </Typography>
          </Box>
          <IconButton onClick={onClose} aria-label={tc('close')} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Section title={tc('themeSection')}>
          <ChoiceGroup
            setting="skin"
            legend={tc('skin')}
            options={SKINS}
            label={(o) => tc(`skins.${o}`)}
          />
          <FormControlLabel
            control={
              <Switch
                checked={direction === 'rtl'}
                onChange={(_event, rtl) => setSetting('direction', rtl ? 'rtl' : 'ltr')}
              />
            }
            label={tc('rtl')}
          />
        </Section>
        <Divider />
        <Section title={tc('layoutSection')}>
          <ChoiceGroup
            setting="menuLayout"
            legend={tc('menuLayout')}
            options={MENU_LAYOUTS}
            label={(o) => tc(`menuLayouts.${o}`)}
          />
          <ToggleSetting
            setting="menuCollapsed"
            label={tc('menuCollapsed')}
            disabled={menuLayout === 'horizontal'}
          />
          <ChoiceGroup
            setting="contentWidth"
            legend={tc('contentWidth')}
            options={CONTENT_WIDTHS}
            label={(o) => tc(`contentWidths.${o}`)}
          />
        </Section>
        <Divider />
        <Section title={tc('navbarSection')}>
          <ChoiceGroup
            setting="navbarType"
            legend={tc('navbarType')}
            options={NAVBAR_TYPES}
            label={(o) => tc(`navbarTypes.${o}`)}
          />
          <NavbarColorGroup />
        </Section>
        <Divider />
        <Section title={tc('footerSection')}>
          <ChoiceGroup
            setting="footerType"
            legend={tc('footerType')}
            options={FOOTER_TYPES}
            label={(o) => tc(`footerTypes.${o}`)}
          />
        </Section>
        <Divider />
        <Box sx={{ px: 3, py: 2 }}>
          <Button variant="outlined" onClick={resetSettings} fullWidth>
            {tc('reset')}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}

export default Customizer;
