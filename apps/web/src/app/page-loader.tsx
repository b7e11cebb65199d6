/**
 * Shown while the first lazy part of the app loads (app.tsx). Plain markup with inline styles on
 * purpose: it is in the entry chunk, which must stay small and free of MUI
 * (docs/requirements/quality-goals.md: sign-in page ≤ 120 KiB gzip).
 *
 * - A signed-in visit of a product route (after sign-in, or a reload) sees a skeleton of the
 *   shell in the stored skin and layout ("no blank white screen between sign-in and
 *   the shell"): the menu, the navbar and placeholder blocks where the screen will be, at the
 *   sizes of layout/app-shell.tsx, vertical-menu.tsx and navbar.tsx. The shell then replaces it
 *   without anything jumping.
 * - Anything else (the sign-in page, the misc pages) sees a thin bar at the top.
 */
import { type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readLayoutSettings, type LayoutSettings } from '../lib/layout-settings.ts';
import { PATHS } from '../lib/paths.ts';
import { readAccessToken, readStoredUserData } from '../lib/storage.ts';
import { BRAND_COLOR, DARK_COLORS, LIGHT_COLORS, type SkinColors } from '../lib/theme-colors.ts';

/** Widths in px of the vertical menu, open and collapsed (layout/vertical-menu.tsx). */
const MENU_WIDTH = 264;
const MENU_COLLAPSED_WIDTH = 76;
/** MUI's `md` breakpoint: from here the menu is a permanent drawer (layout/app-shell.tsx). */
const DESKTOP_QUERY = '(min-width: 900px)';
const NAVBAR_HEIGHT = 60;

/** Routes that never show the shell: sign-in, set-password and the full-page misc screens. */
function isShellRoute(pathname: string): boolean {
  return pathname !== PATHS.login && pathname !== PATHS.setPassword && !pathname.startsWith('/misc/');
}

function Block({ width = '100%', height, color, style }: { width?: number | string; height: number; color: string; style?: CSSProperties }) {
  return <div style={{ width, height, borderRadius: 6, background: color, flexShrink: 0, ...style }} />;
}

/** The shell's outline in the stored layout settings, with placeholders for the screen. */
function ShellSkeleton({ settings, label }: { settings: LayoutSettings; label: string }) {
  const dark = settings.skin === 'dark';
  const colors: SkinColors = dark ? DARK_COLORS : LIGHT_COLORS;
  const menuColors: SkinColors = dark || settings.skin === 'semi-dark' ? DARK_COLORS : LIGHT_COLORS;
  const desktop = typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;
  const sideMenu = desktop && settings.menuLayout === 'vertical';
  const topMenu = desktop && settings.menuLayout === 'horizontal';
  const floating = settings.navbarType === 'floating';
  const gutter = desktop ? 24 : 12;
  const surface: CSSProperties =
    settings.skin === 'bordered' ? { border: `1px solid ${colors.divider}` } : { boxShadow: '0 2px 8px rgba(47, 43, 61, 0.12)' };
  const bar = (height: number): CSSProperties => ({
    height,
    background: colors.paper,
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: '0 12px',
    ...(floating ? { borderRadius: 8, ...surface } : { borderBottom: `1px solid ${colors.divider}` }),
  });

  return (
    <div
      role="progressbar"
      aria-busy="true"
      aria-label={label}
      data-testid="shell-skeleton"
      style={{ display: 'flex', minHeight: '100vh', background: colors.background }}
    >
      {sideMenu && (
        <div
          aria-hidden
          style={{
            width: settings.menuCollapsed ? MENU_COLLAPSED_WIDTH : MENU_WIDTH,
            flexShrink: 0,
            background: menuColors.paper,
            borderInlineEnd: `1px solid ${menuColors.divider}`,
            padding: '22px 20px',
            display: 'flex',
            flexDirection: 'column',
            gap: 14,
            boxSizing: 'border-box',
          }}
        >
          <Block height={20} width={settings.menuCollapsed ? 36 : 120} color={BRAND_COLOR} style={{ opacity: 0.35, marginBottom: 18 }} />
          {Array.from({ length: 8 }, (_, i) => (
            <Block key={i} height={18} width={settings.menuCollapsed ? 36 : `${70 - (i % 3) * 12}%`} color={menuColors.placeholder} />
          ))}
        </div>
      )}
      <div aria-hidden style={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {settings.navbarType !== 'hidden' && (
          <div style={floating ? { padding: `12px ${gutter}px 8px` } : undefined}>
            <div style={bar(NAVBAR_HEIGHT)}>
              <Block height={16} width={160} color={colors.placeholder} />
              <div style={{ flexGrow: 1 }} />
              <Block height={16} width={40} color={colors.placeholder} />
              <Block height={38} width={38} color={colors.placeholder} style={{ borderRadius: '50%' }} />
            </div>
            {topMenu && <div style={{ ...bar(48), marginTop: floating ? 8 : 0 }} />}
          </div>
        )}
        <div style={{ padding: `24px ${gutter}px`, display: 'flex', flexDirection: 'column', gap: 24 }}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Block height={28} width={180} color={colors.placeholder} />
            <Block height={16} width={260} color={colors.placeholder} />
          </div>
          <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Block key={i} height={136} color={colors.paper} style={{ border: `1px solid ${colors.divider}` }} />
            ))}
          </div>
          <Block height={40} color={colors.placeholder} />
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Block key={i} height={130} color={colors.placeholder} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = readAccessToken() !== null && readStoredUserData() !== null;
  if (signedIn && isShellRoute(pathname)) return <ShellSkeleton settings={readLayoutSettings()} label={t('common.loading')} />;
  return (
    <div
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, background: BRAND_COLOR, opacity: 0.6 }}
    />
  );
}
