/**
 * The components section's feedback pages, MUI throughout: alerts (severities,
 * variants, a dismissible one that can be shown again), progress (linear, buffer and circular,
 * moved by buttons), spinners (sizes and colours, a button that loads for a moment) and toasts
 * (MUI Snackbar holding an Alert, in the corner the visitor picks).
 */
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Snackbar, { type SnackbarOrigin } from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockGrid, DemoBlock, SampleRow, ShowcasePage } from '../../components/showcase-page.tsx';

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const satisfies readonly AlertColor[];
const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;

/** `/components/alerts`. */
export function AlertsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [open, setOpen] = useState(true);
  return (
    <ShowcasePage target="alerts" subtitle={t('alerts.subtitle')} testId="components-alerts">
      <BlockGrid>
        <DemoBlock title={t('alerts.severities')}>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {SEVERITIES.map((severity) => (
              <Alert key={severity} severity={severity}>
                {t(`alerts.messages.${severity}`)}
              </Alert>
            ))}
          </Box>
        </DemoBlock>
        <DemoBlock title={t('alerts.variants')}>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Alert variant="outlined" severity="info">
              {t('alerts.outlined')}
            </Alert>
            <Alert variant="filled" severity="success">
              {t('alerts.filled')}
            </Alert>
            <Alert severity="warning">
              <AlertTitle>{t('alerts.titled')}</AlertTitle>
              {t('alerts.titledText')}
            </Alert>
          </Box>
        </DemoBlock>
        <DemoBlock title={t('alerts.dismissible')} testId="alerts-dismissible">
          <Collapse in={open}>
            <Alert severity="info" onClose={() => setOpen(false)} slotProps={{ closeButton: { title: t('alerts.close') } }} data-testid="alerts-closable">
              {t('alerts.closable')}
            </Alert>
          </Collapse>
          {!open && (
            <Button variant="outlined" onClick={() => setOpen(true)} data-testid="alerts-show">
              {t('alerts.showAgain')}
            </Button>
          )}
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

/** `/components/progress`. */
export function ProgressPage() {
  const { t } = useTranslation('demo-ui-components');
  const [value, setValue] = useState(40);
  const step = (delta: number) => setValue((current) => Math.max(0, Math.min(100, current + delta)));
  return (
    <ShowcasePage target="progress" subtitle={t('progress.subtitle')} testId="components-progress">
      <BlockGrid>
        <DemoBlock title={t('progress.determinate')} testId="progress-main">
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="progress-value">
            {t('progress.prepared', { value })}
          </Typography>
          <LinearProgress variant="determinate" value={value} aria-label={t('progress.orderLabel')} sx={{ height: 8, borderRadius: 4, mb: 2 }} data-testid="progress-bar" />
          <SampleRow>
            <Button variant="outlined" onClick={() => step(-10)} disabled={value === 0}>
              {t('progress.less')}
            </Button>
            <Button variant="contained" onClick={() => step(10)} disabled={value === 100}>
              {t('progress.more')}
            </Button>
          </SampleRow>
          <SampleRow>
            <Box sx={{ position: 'relative', display: 'inline-flex' }}>
              <CircularProgress variant="determinate" value={value} size={64} aria-label={t('progress.orderLabel')} />
              <Typography variant="caption" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontWeight: 600 }} aria-hidden>
                {value} %
              </Typography>
            </Box>
          </SampleRow>
        </DemoBlock>
        <DemoBlock title={t('progress.colours')}>
          {COLORS.map((color, index) => (
            <LinearProgress key={color} color={color} variant="determinate" value={30 + index * 12} aria-label={color} sx={{ mb: 1.5 }} />
          ))}
          <Typography variant="body2" sx={{ mt: 2, mb: 1 }}>
            {t('progress.buffer')}
          </Typography>
          <LinearProgress variant="buffer" value={45} valueBuffer={70} aria-label={t('progress.buffer')} />
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

/** How long the spinners page "loads" the menu, ms. */
export const SPINNER_LOAD_MS = 900;

/** `/components/spinners`. */
export function SpinnersPage() {
  const { t } = useTranslation('demo-ui-components');
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const load = () => {
    setState('loading');
    timer.current = setTimeout(() => setState('done'), SPINNER_LOAD_MS);
  };
  return (
    <ShowcasePage target="spinners" subtitle={t('spinners.subtitle')} testId="components-spinners">
      <BlockGrid>
        <DemoBlock title={t('spinners.kinds')}>
          <SampleRow>
            {COLORS.map((color) => (
              <CircularProgress key={color} color={color} aria-label={color} />
            ))}
          </SampleRow>
          <SampleRow>
            <CircularProgress size={20} aria-label={t('spinners.small')} />
            <CircularProgress size={40} thickness={5} aria-label={t('spinners.medium')} />
            <CircularProgress size={64} thickness={2} aria-label={t('spinners.large')} />
          </SampleRow>
          <LinearProgress aria-label={t('spinners.bar')} />
        </DemoBlock>
        <DemoBlock title={t('spinners.loading')} testId="spinners-load">
          <Button variant="contained" onClick={load} loading={state === 'loading'} loadingPosition="start" startIcon={<RestaurantMenuIcon />} data-testid="spinners-load-button">
            {t('spinners.loadMenu')}
          </Button>
          <Box sx={{ mt: 2, minHeight: 120 }} aria-busy={state === 'loading'}>
            {state === 'loading' && (
              <>
                <CircularProgress size={24} aria-label={t('spinners.loadingMenu')} />
                <Skeleton variant="text" width="80%" />
                <Skeleton variant="text" width="60%" />
              </>
            )}
            {state === 'done' && (
              <List dense data-testid="spinners-menu">
                {['Bruschetta', 'Risotto ai funghi', 'Panna cotta'].map((dish) => (
                  <ListItem key={dish}>
                    <ListItemText primary={dish} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const CORNERS = { topRight: { vertical: 'top', horizontal: 'right' }, bottomRight: { vertical: 'bottom', horizontal: 'right' }, bottomLeft: { vertical: 'bottom', horizontal: 'left' }, topCenter: { vertical: 'top', horizontal: 'center' } } as const satisfies Record<string, SnackbarOrigin>;
type Corner = keyof typeof CORNERS;

/** `/components/toasts`. */
export function ToastsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [toast, setToast] = useState<{ severity: AlertColor; key: number } | null>(null);
  const [corner, setCorner] = useState<Corner>('bottomRight');
  const close = () => setToast(null);
  return (
    <ShowcasePage target="componentToasts" subtitle={t('toasts.subtitle')} testId="components-toasts">
      <DemoBlock title={t('toasts.show')}>
        <SampleRow>
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id="toast-corner">{t('toasts.position')}</InputLabel>
            <Select labelId="toast-corner" label={t('toasts.position')} value={corner} onChange={(event) => setCorner(event.target.value as Corner)}>
              {(Object.keys(CORNERS) as Corner[]).map((key) => (
                <MenuItem key={key} value={key}>
                  {t(`toasts.corners.${key}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </SampleRow>
        <SampleRow>
          {SEVERITIES.map((severity) => (
            <Button key={severity} variant="outlined" color={severity} onClick={() => setToast({ severity, key: Date.now() })} data-testid={`toast-${severity}`}>
              {t(`toasts.buttons.${severity}`)}
            </Button>
          ))}
        </SampleRow>
      </DemoBlock>
      <Snackbar key={toast?.key} open={toast !== null} autoHideDuration={5000} onClose={(_event, reason) => reason !== 'clickaway' && close()} anchorOrigin={CORNERS[corner]}>
        <Alert severity={toast?.severity ?? 'info'} variant="filled" onClose={close} sx={{ width: '100%' }} data-testid="toast">
          {toast && t(`toasts.messages.${toast.severity}`)}
        </Alert>
      </Snackbar>
    </ShowcasePage>
  );
}
