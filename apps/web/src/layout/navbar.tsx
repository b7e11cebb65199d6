/**
 * The navbar (docs/requirements/data.md: floating white by default). Types: floating (a raised card
 * with space around it, sticky), sticky (full width, stuck to the top), static (full width, scrolls
 * away); `hidden` is handled by the shell, which then renders no navbar. Colours: white (the
 * surface colour, so dark in the dark skin) or a palette colour with its contrast text.
 *
 * Contents: the phone menu button, the brand (when no vertical menu shows it), the client,
 * widget slots (bookmarks; search and the mention bell, passed in by app/), the language
 * switcher, and the user menu (full name, role, logout). The user menu itself (user-menu.tsx)
 * is fetched when the avatar is pointed at, focused or clicked, not with the navbar (MUI's Menu
 * stays out of first paint).
 *
 * Layout stability (CLS): widgets that arrive late (the bookmarks wait for the demo
 * mock) sit in the end-aligned group, after the flexible gap. A widget appearing there takes its
 * room from the gap and grows towards the start, so nothing already on screen moves.
 */
import MenuIcon from '@mui/icons-material/Menu';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { TUserData } from '@dinedesk/contracts';
import { Suspense, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '../components/lazy-with-preload.tsx';
import { srOnly } from '../components/sr-only.ts';
import type { NavbarColor, NavbarType } from '../lib/layout-settings.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

const userMenu = lazyWithPreload(() => import('./user-menu.tsx'));

/** Up to two initials for the avatar ("Asha Rao" → "AR"). */
export function initialsOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** Background and text colour of a navbar colour choice in `theme`. */
export function navbarColors(theme: Theme, color: NavbarColor): { bg: string; fg: string } {
  if (color === 'white') return { bg: theme.palette.background.paper, fg: theme.palette.text.primary };
  if (color === 'dark') return { bg: '#2f2b3d', fg: '#ffffff' };
  const palette = theme.palette[color];
  return { bg: palette.main, fg: palette.contrastText };
}

export interface NavbarProps {
  user: TUserData;
  type: Exclude<NavbarType, 'hidden'>;
  color: NavbarColor;
  /** Bordered skin: a border instead of a shadow. */
  bordered: boolean;
  showBrand: boolean;
  showMenuButton: boolean;
  onOpenMenu: () => void;
  /** Pointer enter or focus of the menu button: start fetching the menu drawer. */
  onPrepareMenu?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  start?: ReactNode;
  end?: ReactNode;
  /** Rendered under the bar, inside the same sticky band (the horizontal menu). */
  below?: ReactNode;
  /** Shown instead of the client's name (the client switcher for users of several clients). */
  clientSlot?: ReactNode | undefined;
}

/** The navbar of the shell (see the module doc for its types, colours and contents). */
export function Navbar({
  user,
  type,
  color,
  bordered,
  showBrand,
  showMenuButton,
  onOpenMenu,
  onPrepareMenu,
  onLogout,
  loggingOut,
  start,
  end,
  below,
  clientSlot,
}: NavbarProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuRequested, setMenuRequested] = useState(false);
  const open = Boolean(anchor);
  const role = t(`roles.${user.role}`);
  const floating = type === 'floating';
  const coloured = color !== 'white';

  return (
    <Box
      data-testid="navbar"
      data-navbar-color={color}
      sx={{
        position: type === 'static' ? 'relative' : 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        ...(floating
          ? {
              px: { xs: 1.5, sm: 3 },
              pt: 1.5,
              pb: 1,
              // The band fades the content scrolling under the floating navbar.
              background: (theme: Theme) =>
                `linear-gradient(180deg, ${theme.palette.background.default} 70%, transparent)`,
            }
          : {}),
      }}
    >
      <Paper
        component="header"
        elevation={0}
        square={!floating}
        sx={(theme) => {
          const { bg, fg } = navbarColors(theme, color);
          return {
            px: 1.5,
            minHeight: 60,
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 0.5, sm: 1 },
            minWidth: 0,
            bgcolor: bg,
            color: fg,
            ...(bordered
              ? { border: `1px solid ${theme.palette.divider}`, ...(floating ? {} : { borderWidth: '0 0 1px' }) }
              : { boxShadow: '0 2px 8px rgba(47, 43, 61, 0.12)' }),
          };
        }}
      >
        {showMenuButton && (
          <IconButton
            onClick={onOpenMenu}
            onPointerEnter={onPrepareMenu}
            onFocus={onPrepareMenu}
            aria-label={t('layout.openMenu')}
            edge="start"
            color="inherit"
          >
            <MenuIcon />
          </IconButton>
        )}
        {showBrand && (
          <Typography
            component="p"
            variant="h6"
            noWrap
            sx={{ fontWeight: 700, color: coloured ? 'inherit' : 'primary.main', mr: 1, flexShrink: 0 }}
          >
            {t('app.name')}
          </Typography>
        )}
        {clientSlot ?? (user.client && (
          <Typography
            variant="body2"
            noWrap
            sx={{ color: coloured ? 'inherit' : 'text.secondary', opacity: coloured ? 0.85 : 1, minWidth: 0 }}
          >
            {user.client.name}
          </Typography>
        ))}
        <Box sx={{ flexGrow: 1 }} />
        {start}
        {end}
        <LanguageSwitcher />
        <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' }, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {user.fullName}
          </Typography>
          <Typography
            variant="caption"
            noWrap
            sx={{ display: 'block', color: coloured ? 'inherit' : 'text.secondary', opacity: coloured ? 0.85 : 1 }}
          >
            {role}
          </Typography>
        </Box>
        <IconButton
          data-testid="user-menu"
          onPointerEnter={userMenu.preload}
          onFocus={userMenu.preload}
          onClick={(event: MouseEvent<HTMLElement>) => {
            const button = event.currentTarget;
            userMenu.load().then(
              () => {
                setMenuRequested(true);
                setAnchor(button);
              },
              (error: unknown) => console.error('Could not load the user menu', error),
            );
          }}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          sx={{ flexShrink: 0 }}
        >
          {/* The name comes from this text, not `aria-label`, so the initials shown are not
              read as a mismatching label (Label in Name). */}
          <Box component="span" sx={srOnly}>
            {t('layout.userMenu', { name: user.fullName })}
          </Box>
          <Avatar
            aria-hidden
            sx={{
              width: 38,
              height: 38,
              // On a coloured bar the avatar is a surface chip: a translucent white over the
              // bar's colour left the initials under 4.5:1 on the lighter colours.
              bgcolor: coloured ? 'background.paper' : 'primary.main',
              color: coloured ? 'text.primary' : 'primary.contrastText',
              fontSize: 15,
            }}
          >
            {initialsOf(user.fullName)}
          </Avatar>
        </IconButton>
        {menuRequested && (
          <Suspense fallback={null}>
            <userMenu.Component
              id={menuId}
              anchor={anchor}
              onClose={() => setAnchor(null)}
              user={user}
              role={role}
              onLogout={onLogout}
              loggingOut={loggingOut}
            />
          </Suspense>
        )}
      </Paper>
      {below}
    </Box>
  );
}
