/**
 * The components section's data-display pages, MUI throughout: avatars (letters,
 * icons, sizes, shapes, a group guests join and leave), badges (a counter moved by buttons, dot
 * and status badges), pills (MUI Chips: filters that toggle, tags that delete and restore), list
 * group (a selectable list, checkboxes, switches), timeline (an order's life as a vertical MUI
 * Stepper, since @mui/lab is not a dependency) and tooltips (placements, arrow, on focus too).
 */
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import LocalCafeIcon from '@mui/icons-material/LocalCafe';
import LocalDiningIcon from '@mui/icons-material/LocalDining';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsIcon from '@mui/icons-material/Notifications';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import WineBarIcon from '@mui/icons-material/WineBar';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockGrid, DemoBlock, SampleRow, ShowcasePage } from '../../components/showcase-page.tsx';

const GUESTS = ['Ana Ribeiro', 'Jonas Weber', 'Claire Martin', 'Tom Hughes', 'Sofia Rossi', 'Kenji Sato', 'Lena Fischer', 'Omar Haddad'] as const;
const COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;
const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

/** `/components/avatar`. */
export function AvatarPage() {
  const { t } = useTranslation('demo-ui-components');
  const [count, setCount] = useState(4);
  return (
    <ShowcasePage target="avatar" subtitle={t('avatar.subtitle')} testId="components-avatar">
      <BlockGrid>
        <DemoBlock title={t('avatar.kinds')}>
          <SampleRow>
            {GUESTS.slice(0, 4).map((name, index) => (
              <Avatar key={name} alt={name} sx={{ bgcolor: `${COLORS[index]}.main`, color: `${COLORS[index]}.contrastText` }}>
                {initials(name)}
              </Avatar>
            ))}
            <Avatar aria-label={t('avatar.icon')}>
              <RestaurantIcon />
            </Avatar>
          </SampleRow>
          <SampleRow>
            {[24, 32, 40, 56, 72].map((size) => (
              <Avatar key={size} sx={{ width: size, height: size, fontSize: size / 2.5 }}>
                {size}
              </Avatar>
            ))}
          </SampleRow>
          <SampleRow>
            <Avatar variant="circular">C</Avatar>
            <Avatar variant="rounded">R</Avatar>
            <Avatar variant="square">S</Avatar>
            <Badge overlap="circular" anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} variant="dot" color="success" aria-label={t('avatar.online')}>
              <Avatar>LB</Avatar>
            </Badge>
          </SampleRow>
        </DemoBlock>
        <DemoBlock title={t('avatar.group')} testId="avatar-group">
          <AvatarGroup max={5} sx={{ justifyContent: 'flex-end', mb: 2 }} data-testid="avatar-group-avatars">
            {GUESTS.slice(0, count).map((name) => (
              <Avatar key={name} alt={name} title={name}>
                {initials(name)}
              </Avatar>
            ))}
          </AvatarGroup>
          <Typography role="status" variant="body2" sx={{ mb: 1.5 }} data-testid="avatar-count">
            {t('avatar.seated', { count })}
          </Typography>
          <SampleRow>
            <Button variant="contained" onClick={() => setCount((value) => value + 1)} disabled={count === GUESTS.length}>
              {t('avatar.add')}
            </Button>
            <Button variant="outlined" onClick={() => setCount((value) => value - 1)} disabled={count === 0}>
              {t('avatar.remove')}
            </Button>
          </SampleRow>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

/** `/components/badges`. */
export function BadgesPage() {
  const { t } = useTranslation('demo-ui-components');
  const [orders, setOrders] = useState(3);
  const [showZero, setShowZero] = useState(false);
  return (
    <ShowcasePage target="badges" subtitle={t('badges.subtitle')} testId="components-badges">
      <BlockGrid>
        <DemoBlock title={t('badges.counter')} testId="badges-counter">
          <SampleRow>
            <Badge badgeContent={orders} color="primary" showZero={showZero} data-testid="badges-cart">
              <ShoppingCartIcon aria-label={t('badges.cart', { count: orders })} />
            </Badge>
            <Badge badgeContent={orders * 40} max={99} color="error">
              <MailIcon aria-label={t('badges.mail')} />
            </Badge>
          </SampleRow>
          <SampleRow>
            <Button variant="outlined" onClick={() => setOrders((value) => Math.max(0, value - 1))} aria-label={t('badges.less')}>
              −
            </Button>
            <Button variant="contained" onClick={() => setOrders((value) => value + 1)} aria-label={t('badges.more')}>
              +
            </Button>
            <FormControlLabel control={<Switch checked={showZero} onChange={(_event, checked) => setShowZero(checked)} />} label={t('badges.showZero')} />
          </SampleRow>
        </DemoBlock>
        <DemoBlock title={t('badges.kinds')}>
          <SampleRow>
            {COLORS.map((color, index) => (
              <Badge key={color} badgeContent={index + 1} color={color}>
                <NotificationsIcon aria-hidden />
              </Badge>
            ))}
          </SampleRow>
          <SampleRow>
            <Badge variant="dot" color="success">
              <Typography>{t('badges.dot')}</Typography>
            </Badge>
            <Chip label={t('badges.new')} color="primary" size="small" />
            <Chip label={t('badges.soldOut')} color="error" size="small" variant="outlined" />
          </SampleRow>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const FILTERS = ['vegan', 'vegetarian', 'glutenFree', 'spicy', 'nuts'] as const;
const TAGS = ['terrace', 'dogs', 'wifi', 'parking', 'kids'] as const;

/** `/components/pills`. */
export function PillsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [filters, setFilters] = useState<readonly (typeof FILTERS)[number][]>(['vegetarian']);
  const [tags, setTags] = useState<readonly (typeof TAGS)[number][]>(TAGS);
  return (
    <ShowcasePage target="pills" subtitle={t('pills.subtitle')} testId="components-pills">
      <BlockGrid>
        <DemoBlock title={t('pills.filters')} testId="pills-filters">
          <SampleRow>
            {FILTERS.map((filter) => {
              const on = filters.includes(filter);
              return (
                <Chip
                  key={filter}
                  label={t(`pills.filter.${filter}`)}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => setFilters((list) => (on ? list.filter((item) => item !== filter) : [...list, filter]))}
                  data-testid={`pill-${filter}`}
                />
              );
            })}
          </SampleRow>
          <Typography variant="body2" color="text.secondary" role="status" data-testid="pills-active">
            {t('pills.active', { count: filters.length })}
          </Typography>
        </DemoBlock>
        <DemoBlock title={t('pills.tags')} testId="pills-tags">
          <SampleRow>
            {tags.map((tag) => (
              <Chip key={tag} label={t(`pills.tag.${tag}`)} onDelete={() => setTags((list) => list.filter((item) => item !== tag))} color="secondary" variant="outlined" data-testid={`tag-${tag}`} />
            ))}
            {tags.length < TAGS.length && (
              <Button size="small" onClick={() => setTags(TAGS)}>
                {t('pills.restore')}
              </Button>
            )}
          </SampleRow>
          <SampleRow>
            <Chip avatar={<Avatar>LB</Avatar>} label="Luca Bianchi" />
            <Chip icon={<WineBarIcon />} label={t('pills.wine')} color="error" />
            <Chip icon={<LocalCafeIcon />} label={t('pills.coffee')} color="warning" size="small" />
          </SampleRow>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const AREAS = [
  { key: 'dining', icon: <LocalDiningIcon /> },
  { key: 'bar', icon: <WineBarIcon /> },
  { key: 'cafe', icon: <LocalCafeIcon /> },
  { key: 'delivery', icon: <DeliveryDiningIcon /> },
] as const;
const SETTINGS = ['online', 'notify', 'waitlist'] as const;
const DISHES = ['bruschetta', 'arancini', 'calamari'] as const;
type AreaKey = (typeof AREAS)[number]['key'];

/** `/components/list-group`. */
export function ListGroupPage() {
  const { t } = useTranslation('demo-ui-components');
  const [area, setArea] = useState<AreaKey>('dining');
  const [checked, setChecked] = useState<readonly string[]>(['bruschetta']);
  const [settings, setSettings] = useState<readonly string[]>(['online']);
  const toggle = (list: readonly string[], item: string) => (list.includes(item) ? list.filter((value) => value !== item) : [...list, item]);
  return (
    <ShowcasePage target="listGroup" subtitle={t('listGroup.subtitle')} testId="components-list-group">
      <BlockGrid>
        <DemoBlock title={t('listGroup.selectable')} testId="list-selectable">
          <List component="nav" aria-label={t('listGroup.selectable')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {AREAS.map(({ key, icon }) => (
              <ListItemButton key={key} selected={area === key} aria-current={area === key ? 'true' : undefined} onClick={() => setArea(key)} data-testid={`list-${key}`}>
                <ListItemIcon>{icon}</ListItemIcon>
                <ListItemText primary={t(`listGroup.areas.${key}`)} secondary={t(`listGroup.areaText.${key}`)} />
              </ListItemButton>
            ))}
          </List>
          <Typography variant="body2" sx={{ mt: 1.5 }} role="status" data-testid="list-chosen">
            {t('listGroup.chosen', { area: t(`listGroup.areas.${area}`) })}
          </Typography>
        </DemoBlock>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DemoBlock title={t('listGroup.checkboxes')}>
            <List dense disablePadding>
              {DISHES.map((dish) => (
                <ListItem key={dish} disablePadding>
                  <ListItemButton onClick={() => setChecked((list) => toggle(list, dish))} dense>
                    <ListItemIcon>
                      <Checkbox edge="start" checked={checked.includes(dish)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': `dish-${dish}` } }} />
                    </ListItemIcon>
                    <ListItemText id={`dish-${dish}`} primary={t(`listGroup.dishes.${dish}`)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </DemoBlock>
          <DemoBlock title={t('listGroup.switches')}>
            <List dense disablePadding>
              {SETTINGS.map((setting) => (
                <ListItem key={setting} secondaryAction={<Switch edge="end" checked={settings.includes(setting)} onChange={() => setSettings((list) => toggle(list, setting))} slotProps={{ input: { 'aria-label': t(`listGroup.settings.${setting}`) } }} />}>
                  <ListItemText primary={t(`listGroup.settings.${setting}`)} />
                </ListItem>
              ))}
            </List>
          </DemoBlock>
        </Box>
      </BlockGrid>
    </ShowcasePage>
  );
}

const ORDER_STEPS = [
  { key: 'placed', time: '18:42' },
  { key: 'accepted', time: '18:43' },
  { key: 'preparing', time: '18:50' },
  { key: 'onTheWay', time: '19:05' },
  { key: 'delivered', time: '19:21' },
] as const;

/** `/components/timeline`. */
export function TimelinePage() {
  const { t } = useTranslation('demo-ui-components');
  const [active, setActive] = useState(1);
  return (
    <ShowcasePage target="timeline" subtitle={t('timeline.subtitle')} testId="components-timeline">
      <BlockGrid>
        <DemoBlock title={t('timeline.order')} testId="timeline-order">
          <Stepper activeStep={active} orientation="vertical">
            {ORDER_STEPS.map(({ key, time }) => (
              <Step key={key}>
                <StepLabel optional={<Typography variant="caption">{time}</Typography>}>{t(`timeline.steps.${key}.title`)}</StepLabel>
                <StepContent>
                  <Typography variant="body2" color="text.secondary">
                    {t(`timeline.steps.${key}.text`)}
                  </Typography>
                </StepContent>
              </Step>
            ))}
          </Stepper>
          <Typography role="status" variant="body2" sx={{ my: 1.5 }} data-testid="timeline-status">
            {active >= ORDER_STEPS.length ? t('timeline.complete') : t('timeline.current', { step: t(`timeline.steps.${ORDER_STEPS[active]?.key ?? 'placed'}.title`) })}
          </Typography>
          <SampleRow>
            <Button variant="outlined" disabled={active === 0} onClick={() => setActive((value) => value - 1)}>
              {t('timeline.back')}
            </Button>
            <Button variant="contained" disabled={active >= ORDER_STEPS.length} onClick={() => setActive((value) => value + 1)} data-testid="timeline-next">
              {t('timeline.next')}
            </Button>
            <Button onClick={() => setActive(0)}>{t('timeline.reset')}</Button>
          </SampleRow>
        </DemoBlock>
        <DemoBlock title={t('timeline.activity')}>
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {(['review', 'booking', 'menu', 'staff'] as const).map((key, index) => (
              <Box component="li" key={key} sx={{ position: 'relative', pl: 3, pb: 2.5, borderLeft: 2, borderColor: 'divider', ml: 1, '&:last-child': { borderColor: 'transparent', pb: 0 } }}>
                <Box sx={{ position: 'absolute', left: -7, top: 2, width: 12, height: 12, borderRadius: '50%', bgcolor: `${COLORS[index]}.main` }} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`timeline.events.${key}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('timeline.ago', { count: (index + 1) * 12 })}
                </Typography>
              </Box>
            ))}
          </Box>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const PLACEMENTS = ['top', 'right', 'bottom', 'left'] as const;

/** `/components/tooltips`. */
export function TooltipsPage() {
  const { t } = useTranslation('demo-ui-components');
  return (
    <ShowcasePage target="tooltips" subtitle={t('tooltips.subtitle')} testId="components-tooltips">
      <BlockGrid>
        <DemoBlock title={t('tooltips.placements')} testId="tooltips-placements">
          <SampleRow>
            {PLACEMENTS.map((placement) => (
              <Tooltip key={placement} title={t('tooltips.on', { side: t(`tooltips.sides.${placement}`) })} placement={placement}>
                <Button variant="outlined" data-testid={`tooltip-${placement}`}>
                  {t(`tooltips.sides.${placement}`)}
                </Button>
              </Tooltip>
            ))}
          </SampleRow>
        </DemoBlock>
        <DemoBlock title={t('tooltips.kinds')}>
          <SampleRow>
            <Tooltip title={t('tooltips.arrowText')} arrow>
              <Button variant="contained">{t('tooltips.arrow')}</Button>
            </Tooltip>
            <Tooltip title={t('tooltips.iconText')}>
              <IconButton aria-label={t('tooltips.iconText')}>
                <NotificationsIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('tooltips.delayText')} enterDelay={500} leaveDelay={200}>
              <Button>{t('tooltips.delay')}</Button>
            </Tooltip>
            <Tooltip title={t('tooltips.disabledText')}>
              <span>
                <Button disabled>{t('tooltips.disabled')}</Button>
              </span>
            </Tooltip>
          </SampleRow>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}
