/**
 * "UI showcase" at the end of the side menu ("each in the side menu under its
 * section"), handed to the shell by the app (app/product-area.tsx `menuEnd`), so the shell
 * imports no demo code. Only this entry is in the first paint: the sections and their pages
 * (showcase-menu.tsx) are a lazy chunk fetched when the entry is opened, or when a showcase page
 * is shown (then it starts open), so product screens load none of the showcase.
 */
import WidgetsOutlinedIcon from '@mui/icons-material/WidgetsOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

const ShowcaseMenu = lazy(() => import('./showcase-menu.tsx'));

/** Paths of the showcase's pages (the prefixes demo/screens.ts gives its sections; checked against demo/routes.ts by the tests). */
export const SHOWCASE_PATH = /^\/(ui-element|colors|icons|cards|components|extensions|forms|tables|datatables|charts|maps)(\/|$)/;

export function ShowcaseGroup({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The user's choice wins; until they make one, the showcase is open on its own pages.
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? SHOWCASE_PATH.test(pathname);
  const label = t('nav.uiShowcase');
  return (
    <List dense aria-label={label}>
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton onClick={() => setChoice(!open)} aria-expanded={open} aria-label={collapsed ? label : undefined} data-testid="menu-showcase-toggle" sx={{ borderRadius: 1.5, mx: 1.5, justifyContent: collapsed ? 'center' : 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
            <WidgetsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {!collapsed && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />}
        </ListItemButton>
      </ListItem>
      {open && (
        <Suspense fallback={null}>
          <ShowcaseMenu collapsed={collapsed} onNavigate={onNavigate} />
        </Suspense>
      )}
    </List>
  );
}
