/**
 * The components section's navigation pages, MUI throughout: breadcrumbs (crumbs
 * that move up the menu's tree, and a collapsed trail), dropdowns (menu buttons whose choice
 * shows, a split button), navs (a horizontal and a vertical nav with `aria-current`, and
 * centred tabs), pagination (a list of reviews paged by MUI Pagination, and its variants) and
 * tabs (panels that switch by click or arrow keys, icon and scrollable tabs).
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BakeryDiningIcon from '@mui/icons-material/BakeryDining';
import HomeIcon from '@mui/icons-material/Home';
import IcecreamIcon from '@mui/icons-material/Icecream';
import LunchDiningIcon from '@mui/icons-material/LunchDining';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockGrid, DemoBlock, SampleRow, ShowcasePage } from '../../components/showcase-page.tsx';

const TRAIL = ['home', 'menu', 'mains', 'risotto'] as const;

/** `/components/breadcrumbs`. */
export function BreadcrumbsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [depth, setDepth] = useState(TRAIL.length - 1);
  const crumbs = TRAIL.slice(0, depth + 1);
  return (
    <ShowcasePage target="breadcrumbs" subtitle={t('breadcrumbs.subtitle')} testId="components-breadcrumbs">
      <BlockGrid>
        <DemoBlock title={t('breadcrumbs.trail')} testId="breadcrumbs-trail">
          <Breadcrumbs aria-label={t('breadcrumbs.label')} separator={<NavigateNextIcon fontSize="small" />} data-testid="breadcrumbs">
            {crumbs.map((crumb, index) =>
              index === depth ? (
                <Typography key={crumb} color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
                  {t(`breadcrumbs.crumbs.${crumb}`)}
                </Typography>
              ) : (
                <Link key={crumb} component="button" type="button" underline="hover" color="inherit" onClick={() => setDepth(index)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {index === 0 && <HomeIcon fontSize="small" aria-hidden />}
                  {t(`breadcrumbs.crumbs.${crumb}`)}
                </Link>
              ),
            )}
          </Breadcrumbs>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status" data-testid="breadcrumbs-here">
            {t('breadcrumbs.here', { page: t(`breadcrumbs.crumbs.${TRAIL[depth] ?? 'home'}`) })}
          </Typography>
          {depth < TRAIL.length - 1 && (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setDepth(TRAIL.length - 1)}>
              {t('breadcrumbs.back')}
            </Button>
          )}
        </DemoBlock>
        <DemoBlock title={t('breadcrumbs.collapsed')}>
          <Breadcrumbs maxItems={2} aria-label={t('breadcrumbs.collapsed')}>
            {TRAIL.map((crumb) => (
              <Typography key={crumb} color="text.secondary">
                {t(`breadcrumbs.crumbs.${crumb}`)}
              </Typography>
            ))}
          </Breadcrumbs>
          <Breadcrumbs separator="›" aria-label={t('breadcrumbs.separator')} sx={{ mt: 2 }}>
            {TRAIL.map((crumb) => (
              <Typography key={crumb} color="text.secondary">
                {t(`breadcrumbs.crumbs.${crumb}`)}
              </Typography>
            ))}
          </Breadcrumbs>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const TABLES = ['window', 'terrace', 'bar', 'private'] as const;
const ACTIONS = ['print', 'email', 'split'] as const;

/** A button opening a menu of `options`; the chosen one shows on the button. */
function MenuButton<T extends string>({ label, options, value, onChange, optionLabel, testId }: { label: string; options: readonly T[]; value: T | null; onChange: (value: T) => void; optionLabel: (value: T) => string; testId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button variant="contained" endIcon={<ArrowDropDownIcon />} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} aria-controls={anchor ? menuId : undefined} onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)} data-testid={testId}>
        {value ? optionLabel(value) : label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option}
            selected={option === value}
            onClick={() => {
              onChange(option);
              setAnchor(null);
            }}
          >
            {optionLabel(option)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** `/components/dropdowns`. */
export function DropdownsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [table, setTable] = useState<(typeof TABLES)[number] | null>(null);
  const [action, setAction] = useState<(typeof ACTIONS)[number]>('print');
  const [splitAnchor, setSplitAnchor] = useState<HTMLElement | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <ShowcasePage target="dropdowns" subtitle={t('dropdowns.subtitle')} testId="components-dropdowns">
      <BlockGrid>
        <DemoBlock title={t('dropdowns.menu')} testId="dropdowns-menu">
          <SampleRow>
            <MenuButton label={t('dropdowns.chooseTable')} options={TABLES} value={table} onChange={setTable} optionLabel={(value) => t(`dropdowns.tables.${value}`)} testId="dropdowns-table" />
          </SampleRow>
          <Typography role="status" variant="body2" data-testid="dropdowns-chosen">
            {table ? t('dropdowns.chosen', { table: t(`dropdowns.tables.${table}`) }) : t('dropdowns.none')}
          </Typography>
        </DemoBlock>
        <DemoBlock title={t('dropdowns.split')}>
          <ButtonGroup variant="outlined" aria-label={t('dropdowns.split')}>
            <Button onClick={() => setDone(t(`dropdowns.actions.${action}`))}>{t(`dropdowns.actions.${action}`)}</Button>
            <Button size="small" aria-label={t('dropdowns.more')} aria-haspopup="menu" onClick={(event) => setSplitAnchor(event.currentTarget)}>
              <ArrowDropDownIcon />
            </Button>
          </ButtonGroup>
          <Menu anchorEl={splitAnchor} open={splitAnchor !== null} onClose={() => setSplitAnchor(null)}>
            {ACTIONS.map((option) => (
              <MenuItem
                key={option}
                selected={option === action}
                onClick={() => {
                  setAction(option);
                  setSplitAnchor(null);
                }}
              >
                {t(`dropdowns.actions.${option}`)}
              </MenuItem>
            ))}
          </Menu>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} role="status">
            {done ? t('dropdowns.done', { action: done }) : ''}
          </Typography>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const SERVICES = ['breakfast', 'lunch', 'dinner', 'brunch'] as const;
type Service = (typeof SERVICES)[number];

/** `/components/navs`. */
export function NavsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [service, setService] = useState<Service>('lunch');
  const [side, setSide] = useState<Service>('breakfast');
  const [tab, setTab] = useState<Service>('dinner');
  return (
    <ShowcasePage target="navs" subtitle={t('navs.subtitle')} testId="components-navs">
      <DemoBlock title={t('navs.horizontal')} testId="navs-horizontal">
        <Box component="nav" aria-label={t('navs.horizontal')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}>
          {SERVICES.map((key) => (
            <Button key={key} variant={service === key ? 'contained' : 'text'} aria-current={service === key ? 'page' : undefined} onClick={() => setService(key)} data-testid={`nav-${key}`}>
              {t(`navs.services.${key}`)}
            </Button>
          ))}
        </Box>
        <Typography sx={{ mt: 2 }} role="status" data-testid="navs-showing">
          {t('navs.showing', { service: t(`navs.services.${service}`) })}
        </Typography>
      </DemoBlock>
      <BlockGrid>
        <DemoBlock title={t('navs.vertical')}>
          <Box sx={{ display: 'flex', gap: 2 }}>
            <List component="nav" aria-label={t('navs.vertical')} dense sx={{ minWidth: 140, borderRight: 1, borderColor: 'divider' }}>
              {SERVICES.map((key) => (
                <ListItemButton key={key} selected={side === key} aria-current={side === key ? 'page' : undefined} onClick={() => setSide(key)}>
                  <ListItemText primary={t(`navs.services.${key}`)} />
                </ListItemButton>
              ))}
            </List>
            <Typography variant="body2" color="text.secondary">
              {t(`navs.hours.${side}`)}
            </Typography>
          </Box>
        </DemoBlock>
        <DemoBlock title={t('navs.centred')}>
          <Tabs value={tab} onChange={(_event, value: Service) => setTab(value)} centered aria-label={t('navs.centred')} variant="standard">
            {SERVICES.map((key) => (
              <Tab key={key} value={key} label={t(`navs.services.${key}`)} />
            ))}
          </Tabs>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
            {t(`navs.hours.${tab}`)}
          </Typography>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

/** The sample reviews the pagination page pages through. */
export const REVIEWS = Array.from({ length: 47 }, (_unused, index) => ({
  id: index + 1,
  author: ['Ana', 'Jonas', 'Claire', 'Tom', 'Sofia', 'Kenji', 'Lena', 'Omar'][index % 8] ?? 'Ana',
  rating: [5, 4, 5, 3, 4][index % 5] ?? 5,
  dish: ['Risotto', 'Lasagne', 'Tiramisù', 'Focaccia', 'Carbonara', 'Gnocchi'][index % 6] ?? 'Risotto',
}));
/** Reviews per page. */
export const PAGE_SIZE = 5;

/** `/components/pagination`. */
export function PaginationPage() {
  const { t } = useTranslation('demo-ui-components');
  const [page, setPage] = useState(1);
  const pages = Math.ceil(REVIEWS.length / PAGE_SIZE);
  const shown = REVIEWS.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <ShowcasePage target="pagination" subtitle={t('pagination.subtitle')} testId="components-pagination">
      <BlockGrid>
        <DemoBlock title={t('pagination.reviews')} testId="pagination-reviews">
          <List dense data-testid="pagination-list">
            {shown.map((review) => (
              <ListItem key={review.id} divider>
                <ListItemText primary={t('pagination.review', { id: review.id, author: review.author, dish: review.dish })} />
                <Rating value={review.rating} readOnly size="small" aria-label={t('pagination.stars', { count: review.rating })} />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1.5 }} role="status" data-testid="pagination-status">
            {t('pagination.status', { page, pages })}
          </Typography>
          <Pagination count={pages} page={page} onChange={(_event, value) => setPage(value)} color="primary" aria-label={t('pagination.label')} data-testid="pagination" />
        </DemoBlock>
        <DemoBlock title={t('pagination.variants')}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Pagination count={10} variant="outlined" aria-label={t('pagination.outlined')} />
            <Pagination count={10} shape="rounded" color="secondary" aria-label={t('pagination.rounded')} />
            <Pagination count={10} size="small" siblingCount={0} aria-label={t('pagination.small')} />
            <Pagination count={10} size="large" showFirstButton showLastButton aria-label={t('pagination.large')} />
          </Box>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}

const COURSES = [
  { key: 'starters', icon: <SoupKitchenIcon /> },
  { key: 'mains', icon: <LunchDiningIcon /> },
  { key: 'desserts', icon: <IcecreamIcon /> },
  { key: 'bakery', icon: <BakeryDiningIcon /> },
] as const;
type Course = (typeof COURSES)[number]['key'];

/** `/components/tabs`. */
export function TabsPage() {
  const { t } = useTranslation('demo-ui-components');
  const [course, setCourse] = useState<Course>('starters');
  const [iconTab, setIconTab] = useState(0);
  const [scrollTab, setScrollTab] = useState(0);
  const base = useId();
  return (
    <ShowcasePage target="tabs" subtitle={t('tabs.subtitle')} testId="components-tabs">
      <DemoBlock title={t('tabs.basic')} testId="tabs-basic">
        <Tabs value={course} onChange={(_event, value: Course) => setCourse(value)} aria-label={t('tabs.basic')}>
          {COURSES.map(({ key }) => (
            <Tab key={key} value={key} label={t(`tabs.courses.${key}`)} id={`${base}-tab-${key}`} aria-controls={`${base}-panel-${key}`} />
          ))}
        </Tabs>
        {COURSES.map(({ key }) => (
          <Box key={key} role="tabpanel" hidden={course !== key} id={`${base}-panel-${key}`} aria-labelledby={`${base}-tab-${key}`} sx={{ pt: 2 }}>
            {course === key && <Typography data-testid="tabs-panel">{t(`tabs.panels.${key}`)}</Typography>}
          </Box>
        ))}
      </DemoBlock>
      <BlockGrid>
        <DemoBlock title={t('tabs.icons')}>
          <Tabs value={iconTab} onChange={(_event, value: number) => setIconTab(value)} variant="fullWidth" aria-label={t('tabs.icons')}>
            {COURSES.map(({ key, icon }) => (
              <Tab key={key} icon={icon} label={t(`tabs.courses.${key}`)} />
            ))}
          </Tabs>
        </DemoBlock>
        <DemoBlock title={t('tabs.scrollable')}>
          <Tabs value={scrollTab} onChange={(_event, value: number) => setScrollTab(value)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('tabs.scrollable')}>
            {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Holiday'].map((day, index) => (
              <Tab key={day} label={t('tabs.shift', { number: index + 1 })} />
            ))}
          </Tabs>
        </DemoBlock>
      </BlockGrid>
    </ShowcasePage>
  );
}
