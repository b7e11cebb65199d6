/**
 * The components section's overlay and disclosure pages, MUI throughout: modals (a
 * booking form in a Dialog, a confirmation, a scrolling menu; each closes with Esc, its
 * buttons or a click outside, and gives focus back to the button that opened it), popovers (one
 * opened by click, one on hover or focus) and collapse (exclusive accordions and a Collapse
 * behind a toggle button).
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockGrid, DemoBlock, SampleRow, ShowcasePage } from '../../components/showcase-page.tsx';

/** `/components/modals`. */
export function ModalsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [open, setOpen] = useState<'booking' | 'confirm' | 'menu' | null>(null);
  const [name, setName] = useState('');
  const [guests, setGuests] = useState('2');
  const [result, setResult] = useState('');
  const ids = { booking: useId(), confirm: useId(), menu: useId() };
  const close = () => setOpen(null);
  const book = (event: FormEvent) => {
    event.preventDefault();
    setResult(t('modals.booked', { name: name.trim() || t('modals.guest'), count: Number(guests) || 1 }));
    close();
  };
  return (
    <ShowcasePage target="modals" subtitle={t('modals.subtitle')} testId="components-modals">
      <DemoBlock title={t('modals.open')} testId="modals-block">
        <SampleRow>
          <Button variant="contained" onClick={() => setOpen('booking')} data-testid="modals-open-booking">
            {t('modals.bookTable')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setOpen('confirm')}>
            {t('modals.cancelBooking')}
          </Button>
          <Button variant="outlined" onClick={() => setOpen('menu')}>
            {t('modals.readMenu')}
          </Button>
        </SampleRow>
        <Typography role="status" variant="body2" data-testid="modals-result">
          {result}
        </Typography>
      </DemoBlock>

      <Dialog open={open === 'booking'} onClose={close} aria-labelledby={ids.booking} slotProps={{ paper: { component: 'form', onSubmit: book } }} data-testid="modals-booking">
        <DialogTitle id={ids.booking}>{t('modals.bookTable')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('modals.bookText')}</DialogContentText>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <TextField autoFocus label={t('modals.name')} value={name} onChange={(event) => setName(event.target.value)} />
            <TextField label={t('modals.guests')} type="number" value={guests} onChange={(event) => setGuests(event.target.value)} slotProps={{ htmlInput: { min: 1, max: 12 } }} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('modals.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('modals.confirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'confirm'} onClose={close} aria-labelledby={ids.confirm} role="alertdialog">
        <DialogTitle id={ids.confirm}>{t('modals.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('modals.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            {t('modals.keep')}
          </Button>
          <Button
            color="error"
            onClick={() => {
              setResult(t('modals.cancelled'));
              close();
            }}
          >
            {t('modals.cancelBooking')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'menu'} onClose={close} aria-labelledby={ids.menu} scroll="paper" maxWidth="sm" fullWidth>
        <DialogTitle id={ids.menu}>{t('modals.menuTitle')}</DialogTitle>
        <DialogContent dividers>
          {Array.from({ length: 12 }, (_unused, index) => (
            <Typography key={index} sx={{ mb: 2 }}>
              {t('modals.menuItem', { number: index + 1 })}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('modals.close')}</Button>
        </DialogActions>
      </Dialog>
    </ShowcasePage>
  );
}

/** `/components/popovers`. */
export function PopoversPage() {
  const { t } = useTranslation('demo-ui-components');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hoverAnchor, setHoverAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const hoverId = useId();
  return (
    <ShowcasePage target="popovers" subtitle={t('popovers.subtitle')} testId="components-popovers">
      <BlockGrid>
        <DemoBlock title={t('popovers.click')} testId="popovers-click">
          <Button variant="contained" startIcon={<InfoOutlinedIcon />} aria-describedby={anchor ? popoverId : undefined} aria-expanded={anchor ? 'true' : 'false'} onClick={(event) => setAnchor(event.currentTarget)} data-testid="popovers-open">
            {t('popovers.allergens')}
          </Button>
          <Popover id={popoverId} open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} transformOrigin={{ vertical: 'top', horizontal: 'left' }}>
            <Box sx={{ p: 2, maxWidth: 280 }} data-testid="popovers-content">
              <Typography variant="subtitle2" component="p" gutterBottom>
                {t('popovers.allergensTitle')}
              </Typography>
              <Typography variant="body2">{t('popovers.allergensText')}</Typography>
              <Button size="small" sx={{ mt: 1 }} onClick={() => setAnchor(null)}>
                {t('popovers.close')}
              </Button>
            </Box>
          </Popover>
        </DemoBlock>
        <DemoBlock title={t('popovers.hover')}>
          <Typography
            tabIndex={0}
            aria-describedby={hoverAnchor ? hoverId : undefined}
            onMouseEnter={(event) => setHoverAnchor(event.currentTarget)}
            onMouseLeave={() => setHoverAnchor(null)}
            onFocus={(event) => setHoverAnchor(event.currentTarget)}
            onBlur={() => setHoverAnchor(null)}
            sx={{ display: 'inline-block', textDecoration: 'underline dotted', cursor: 'help' }}
          >
            {t('popovers.hoverMe')}
          </Typography>
          <Popover id={hoverId} sx={{ pointerEvents: 'none' }} open={hoverAnchor !== null} anchorEl={hoverAnchor} onClose={() => setHoverAnchor(null)} disableRestoreFocus disableAutoFocus disableEnforceFocus anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
            <Typography variant="body2" sx={{ p: 1.5 }}>
              {t('popovers.hoverText')}
            </Typography>
          </Popover>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const QUESTIONS = ['booking', 'groups', 'diet', 'parking'] as const;

/** `/components/collapse`. */
export function CollapsePage() {
  const { t } = useTranslation('demo-ui-components');
  const [expanded, setExpanded] = useState<string | false>('booking');
  const [shown, setShown] = useState(false);
  const panelId = useId();
  return (
    <ShowcasePage target="collapse" subtitle={t('collapse.subtitle')} testId="components-collapse">
      <BlockGrid>
        <DemoBlock title={t('collapse.accordion')} testId="collapse-accordion">
          {QUESTIONS.map((key) => (
            <Accordion key={key} expanded={expanded === key} onChange={(_event, isOpen) => setExpanded(isOpen ? key : false)} disableGutters>
              <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid={`accordion-${key}`}>
                <Typography component="span">{t(`collapse.questions.${key}.q`)}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography variant="body2" color="text.secondary">
                  {t(`collapse.questions.${key}.a`)}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </DemoBlock>
        <DemoBlock title={t('collapse.toggle')} testId="collapse-toggle">
          <Button variant="outlined" aria-expanded={shown} aria-controls={panelId} onClick={() => setShown((value) => !value)} endIcon={<ExpandMoreIcon sx={{ transform: shown ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />} data-testid="collapse-button">
            {shown ? t('collapse.hideRecipe') : t('collapse.showRecipe')}
          </Button>
          <Collapse in={shown} id={panelId}>
            <Box sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="collapse-panel">
              <Typography variant="body2">{t('collapse.recipe')}</Typography>
            </Box>
          </Collapse>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}
