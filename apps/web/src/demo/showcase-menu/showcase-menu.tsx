/**
 * The UI showcase's part of the side menu ("each in the side menu under its
 * section"): one group per section (UI elements, cards, components, extensions, forms, tables,
 * charts, maps) listing its pages from demo/routes.ts, titles from the `demo` namespace. A lazy
 * chunk the shell fetches only when the showcase is opened from the menu or a showcase page is
 * shown (layout/vertical-menu.tsx), so product screens load none of it.
 *
 * Sections fold: the one holding the current page starts open, the others closed, so 52 pages
 * do not push the product's menu out of sight. In the icon-only (collapsed) menu each section
 * is one icon leading to its first page.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { DEMO_PAGES, SHOWCASE_SECTIONS, demoPageTitleKey, type DemoPage, type ShowcaseSection } from '../routes.ts';
import { demoIcon } from '../search/icons.ts';

/** The showcase's pages by section, in menu order. */
export const SHOWCASE_PAGES = {} as Record<ShowcaseSection, readonly DemoPage[]>;
for (const section of SHOWCASE_SECTIONS) SHOWCASE_PAGES[section] = DEMO_PAGES.filter((page) => page.section === section);

/** The section whose page `pathname` is (or is below), if any. */
export function sectionOf(pathname: string): ShowcaseSection | undefined {
  return SHOWCASE_SECTIONS.find((section) => SHOWCASE_PAGES[section].some((page) => pathname === page.link || pathname.startsWith(`${page.link}/`)));
}

export interface ShowcaseMenuProps {
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}

const LEAF_SX = { borderRadius: 1.5, mx: 1.5, mb: 0.25 } as const;

function SectionIcon({ section }: { section: ShowcaseSection }) {
  const Icon = demoIcon(SHOWCASE_PAGES[section][0]!.icon);
  return <Icon fontSize="small" />;
}

/** The showcase's sections and pages (see the module comment). */
export default function ShowcaseMenu({ collapsed, onNavigate }: ShowcaseMenuProps) {
  const { t } = useTranslation('demo');
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const [open, setOpen] = useState<ReadonlySet<ShowcaseSection>>(() => new Set(current ? [current] : []));
  const toggle = (section: ShowcaseSection) =>
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(section)) next.add(section);
      return next;
    });

  if (collapsed) {
    return (
      <List dense aria-label={t('showcase')} data-testid="showcase-menu">
        {SHOWCASE_SECTIONS.map((section) => {
          const first = SHOWCASE_PAGES[section][0]!;
          const label = t(`sections.${section}`);
          return (
            <ListItem key={section} disablePadding sx={{ display: 'block' }}>
              <Tooltip title={label} placement="right">
                <ListItemButton component={RouterLink} to={first.link} onClick={onNavigate} selected={current === section} aria-label={label} sx={{ ...LEAF_SX, justifyContent: 'center' }}>
                  <ListItemIcon sx={{ minWidth: 0, color: 'inherit' }}>
                    <SectionIcon section={section} />
                  </ListItemIcon>
                </ListItemButton>
              </Tooltip>
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <List dense aria-label={t('showcase')} data-testid="showcase-menu" sx={{ py: 0 }}>
      {SHOWCASE_SECTIONS.map((section) => {
        const expanded = open.has(section);
        const listId = `showcase-section-${section}`;
        return (
          <ListItem key={section} disablePadding sx={{ display: 'block' }}>
            <ListItemButton onClick={() => toggle(section)} aria-expanded={expanded} aria-controls={listId} sx={LEAF_SX} data-testid={`showcase-section-${section}`}>
              <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                <SectionIcon section={section} />
              </ListItemIcon>
              <ListItemText primary={t(`sections.${section}`)} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
              {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </ListItemButton>
            {expanded && (
              <List id={listId} dense disablePadding aria-label={t(`sections.${section}`)}>
                {SHOWCASE_PAGES[section].map((page) => {
                  const active = pathname === page.link || pathname.startsWith(`${page.link}/`);
                  return (
                    <ListItem key={page.target} disablePadding sx={{ display: 'block' }}>
                      <ListItemButton component={RouterLink} to={page.link} onClick={onNavigate} selected={active} aria-current={active ? 'page' : undefined} sx={{ ...LEAF_SX, pl: 7 }}>
                        <ListItemText primary={t(demoPageTitleKey(page.target))} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
