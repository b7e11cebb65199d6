/**
 * `/cards/action`: cards with the template's header actions, each a labelled icon button:
 * collapse (hides the body; `aria-expanded`), refresh (a short loading state, `aria-busy` and a
 * bar, then fresh figures) and remove (the card leaves the page; "Restore cards" brings them
 * back). The refreshed figures come from a fixed list, so runs are repeatable.
 */
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardRow, ShowcasePage } from '../../components/showcase-page.tsx';

/** How long a refresh "loads", ms. */
export const REFRESH_MS = 700;

/** The action cards, with the figures each refresh cycles through. */
export const ACTION_CARDS = [
  { id: 'kitchen', values: [7, 4, 9, 5] },
  { id: 'bookings', values: [32, 35, 36, 38] },
  { id: 'stock', values: [3, 2, 4, 1] },
  { id: 'staff', values: [11, 12, 10, 12] },
] as const;
type ActionCardId = (typeof ACTION_CARDS)[number]['id'];

function ActionCard({ id, values, onRemove }: { id: ActionCardId; values: readonly number[]; onRemove: () => void }) {
  const { t } = useTranslation('demo-cards');
  const [open, setOpen] = useState(true);
  const [loading, setLoading] = useState(false);
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const bodyId = useId();
  const titleId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    setLoading(true);
    timer.current = setTimeout(() => {
      setRound((value) => value + 1);
      setLoading(false);
    }, REFRESH_MS);
  };
  const title = t(`action.cards.${id}.title`);
  const actions = [
    { key: 'collapse', label: open ? t('action.collapse') : t('action.expand'), icon: open ? <ExpandLessIcon /> : <ExpandMoreIcon />, onClick: () => setOpen((value) => !value), extra: { 'aria-expanded': open, 'aria-controls': bodyId } },
    { key: 'refresh', label: t('action.refresh'), icon: <RefreshIcon />, onClick: refresh, extra: { disabled: loading } },
    { key: 'remove', label: t('action.remove'), icon: <CloseIcon />, onClick: onRemove, extra: {} },
  ];
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={loading || undefined} data-testid={`action-card-${id}`} sx={{ position: 'relative' }}>
      {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label={t('action.loading', { card: title })} />}
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, pt: 2, pb: open ? 0 : 2 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {actions.map(({ key, label, icon, onClick, extra }) => (
          <Tooltip key={key} title={label}>
            <span>
              <IconButton size="small" aria-label={label} onClick={onClick} data-testid={`action-${key}`} {...extra}>
                {icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Box>
      <Collapse in={open} id={bodyId}>
        <CardContent sx={{ opacity: loading ? 0.5 : 1 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="action-value">
            {values[round % values.length]}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`action.cards.${id}.text`)}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="action-refreshed">
            {round > 0 ? t('action.refreshed', { count: round }) : t('action.live')}
          </Typography>
        </CardContent>
      </Collapse>
    </Card>
  );
}

export function ActionCardsPage() {
  const { t } = useTranslation('demo-cards');
  const [removed, setRemoved] = useState<readonly ActionCardId[]>([]);
  const visible = ACTION_CARDS.filter((card) => !removed.includes(card.id));
  return (
    <ShowcasePage target="actionCards" subtitle={t('action.subtitle')} testId="cards-action">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography role="status" variant="body2" color="text.secondary" data-testid="action-count">
          {t('action.count', { count: visible.length })}
        </Typography>
        <Button variant="outlined" size="small" disabled={removed.length === 0} onClick={() => setRemoved([])} data-testid="action-restore">
          {t('action.restore')}
        </Button>
      </Box>
      <CardRow>
        {visible.map((card) => (
          <ActionCard key={card.id} id={card.id} values={card.values} onRemove={() => setRemoved((list) => [...list, card.id])} />
        ))}
      </CardRow>
    </ShowcasePage>
  );
}
