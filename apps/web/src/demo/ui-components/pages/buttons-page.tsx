/**
 * `/components/buttons`: MUI buttons in every variant and colour, sizes, with icons,
 * icon buttons, a button group, a toggle group (its choice is announced) and a button that loads
 * for a moment before it confirms (the page's control).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockGrid, DemoBlock, SampleRow, ShowcasePage } from '../../components/showcase-page.tsx';

const VARIANTS = ['contained', 'outlined', 'text'] as const;
const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;
type Align = 'left' | 'center' | 'right';

/** How long "Place order" loads, ms. */
export const ORDER_MS = 800;

export function ButtonsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [align, setAlign] = useState<Align>('left');
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const [likes, setLikes] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const order = () => {
    setState('loading');
    timer.current = setTimeout(() => setState('done'), ORDER_MS);
  };
  return (
    <ShowcasePage target="buttons" subtitle={t('buttons.subtitle')} testId="components-buttons">
      <DemoBlock title={t('buttons.variants')}>
        {VARIANTS.map((variant) => (
          <SampleRow key={variant}>
            {COLORS.map((color) => (
              <Button key={color} variant={variant} color={color}>
                {color}
              </Button>
            ))}
            <Button variant={variant} disabled>
              {t('buttons.disabled')}
            </Button>
          </SampleRow>
        ))}
      </DemoBlock>
      <BlockGrid>
        <DemoBlock title={t('buttons.action')} testId="buttons-action">
          <SampleRow>
            <Button variant="contained" endIcon={<SendIcon />} loading={state === 'loading'} loadingPosition="end" onClick={order} data-testid="buttons-order">
              {t('buttons.placeOrder')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<FavoriteIcon />} onClick={() => setLikes((value) => value + 1)} data-testid="buttons-like">
              {t('buttons.like', { count: likes })}
            </Button>
          </SampleRow>
          <Typography role="status" variant="body2" data-testid="buttons-status">
            {state === 'loading' ? t('buttons.sending') : state === 'done' ? t('buttons.sent') : ''}
          </Typography>
        </DemoBlock>
        <DemoBlock title={t('buttons.sizes')}>
          <SampleRow>
            <Button size="small" variant="contained">
              {t('buttons.small')}
            </Button>
            <Button size="medium" variant="contained">
              {t('buttons.medium')}
            </Button>
            <Button size="large" variant="contained">
              {t('buttons.large')}
            </Button>
          </SampleRow>
          <SampleRow>
            <Button variant="outlined" startIcon={<DeleteIcon />}>
              {t('buttons.delete')}
            </Button>
            <IconButton aria-label={t('buttons.delete')}>
              <DeleteIcon />
            </IconButton>
            <IconButton color="primary" aria-label={t('buttons.settings')}>
              <SettingsIcon />
            </IconButton>
            <Fab color="primary" size="small" aria-label={t('buttons.add')}>
              <AddIcon />
            </Fab>
          </SampleRow>
        </DemoBlock>
        <DemoBlock title={t('buttons.groups')}>
          <SampleRow>
            <ButtonGroup variant="outlined" aria-label={t('buttons.courses')}>
              <Button>{t('buttons.starter')}</Button>
              <Button>{t('buttons.main')}</Button>
              <Button>{t('buttons.dessert')}</Button>
            </ButtonGroup>
          </SampleRow>
          <SampleRow>
            <ToggleButtonGroup exclusive value={align} onChange={(_event, value: Align | null) => value && setAlign(value)} aria-label={t('buttons.alignment')}>
              <ToggleButton value="left" aria-label={t('buttons.left')}>
                <FormatAlignLeftIcon />
              </ToggleButton>
              <ToggleButton value="center" aria-label={t('buttons.center')}>
                <FormatAlignCenterIcon />
              </ToggleButton>
              <ToggleButton value="right" aria-label={t('buttons.right')}>
                <FormatAlignRightIcon />
              </ToggleButton>
            </ToggleButtonGroup>
          </SampleRow>
          <Typography variant="body2" sx={{ textAlign: align }}>
            {t('buttons.aligned', { align: t(`buttons.${align}`) })}
          </Typography>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}
