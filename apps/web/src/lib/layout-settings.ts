/**
 * Layout settings of the shell (docs/requirements/data.md): their allowed values, the defaults, and
 * how they are read from and written to localStorage. No React and no zustand here: the entry chunk
 * uses {@link readLayoutSettings} to give the sign-in page the stored skin and direction; the live
 * store is `layout/layout-settings-store.ts`.
 *
 * Stored keys (values are plain strings):
 * | setting       | key             | values                                                     |
 * |---------------|-----------------|------------------------------------------------------------|
 * | skin          | `skin`          | light, bordered, dark, semi-dark (docs/requirements/data.md name)            |
 * | menuCollapsed | `menuCollapsed` | true, false (docs/requirements/data.md name)                                 |
 * | menuLayout    | `menuLayout`    | vertical, horizontal                                       |
 * | contentWidth  | `contentWidth`  | full, boxed                                                |
 * | navbarType    | `navbarType`    | floating, sticky, static, hidden                           |
 * | navbarColor   | `navbarColor`   | white, primary, secondary, success, error, info, warning, dark |
 * | footerType    | `footerType`    | static, sticky, hidden                                     |
 * | direction     | `direction`     | ltr, rtl                                                   |
 * An unknown or missing value falls back to the default, so an edited or outdated entry can
 * never break the shell.
 */
import { readPreference, writePreference, type PreferenceKey } from './storage.ts';

export const SKINS = ['light', 'bordered', 'dark', 'semi-dark'] as const;
export const MENU_LAYOUTS = ['vertical', 'horizontal'] as const;
export const CONTENT_WIDTHS = ['full', 'boxed'] as const;
export const NAVBAR_TYPES = ['floating', 'sticky', 'static', 'hidden'] as const;
export const NAVBAR_COLORS = ['white', 'primary', 'secondary', 'success', 'error', 'info', 'warning', 'dark'] as const;
export const FOOTER_TYPES = ['static', 'sticky', 'hidden'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;

export type Skin = (typeof SKINS)[number];
export type MenuLayout = (typeof MENU_LAYOUTS)[number];
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];
export type NavbarType = (typeof NAVBAR_TYPES)[number];
export type NavbarColor = (typeof NAVBAR_COLORS)[number];
export type FooterType = (typeof FOOTER_TYPES)[number];
export type Direction = (typeof DIRECTIONS)[number];

/** Every setting of the customizer panel. */
export interface LayoutSettings {
  skin: Skin;
  menuCollapsed: boolean;
  menuLayout: MenuLayout;
  contentWidth: ContentWidth;
  navbarType: NavbarType;
  navbarColor: NavbarColor;
  footerType: FooterType;
  direction: Direction;
}

export type LayoutSettingKey = keyof LayoutSettings;

/**
 * docs/requirements/data.md layout defaults: light skin, vertical menu (expanded), full content
 * width, floating white navbar, static footer, left-to-right.
 */
export const LAYOUT_DEFAULTS: Readonly<LayoutSettings> = Object.freeze({
  skin: 'light',
  menuCollapsed: false,
  menuLayout: 'vertical',
  contentWidth: 'full',
  navbarType: 'floating',
  navbarColor: 'white',
  footerType: 'static',
  direction: 'ltr',
});

/** The allowed values of each string setting (used to validate stored and chosen values). */
export const LAYOUT_CHOICES = {
  skin: SKINS,
  menuLayout: MENU_LAYOUTS,
  contentWidth: CONTENT_WIDTHS,
  navbarType: NAVBAR_TYPES,
  navbarColor: NAVBAR_COLORS,
  footerType: FOOTER_TYPES,
  direction: DIRECTIONS,
} as const satisfies { [K in Exclude<LayoutSettingKey, 'menuCollapsed'>]: readonly LayoutSettings[K][] };

/**
 * Each setting is stored under its own name (`STORAGE_KEYS` in storage.ts), so a bad value
 * affects only itself; this line fails to compile if a setting has no storage key.
 */
type StoredUnderOwnName = LayoutSettingKey extends PreferenceKey ? true : never;
const _everySettingHasAKey: StoredUnderOwnName = true;
void _everySettingHasAKey;

function oneOf<T extends string>(choices: readonly T[], value: string | null, fallback: T): T {
  return choices.find((choice) => choice === value) ?? fallback;
}

/** Parses one stored value; anything unknown gives the default. */
export function parseLayoutSetting<K extends LayoutSettingKey>(key: K, raw: string | null): LayoutSettings[K] {
  const fallback = LAYOUT_DEFAULTS[key];
  if (key === 'menuCollapsed') {
    // Narrowing on `key` does not narrow `K`, hence the cast of the (correct) boolean.
    return (raw === 'true' ? true : raw === 'false' ? false : fallback) as LayoutSettings[K];
  }
  const choices = LAYOUT_CHOICES[key as Exclude<LayoutSettingKey, 'menuCollapsed'>] as readonly string[];
  return oneOf(choices, raw, fallback as string) as LayoutSettings[K];
}

/** All settings as stored, defaults filling the gaps. */
export function readLayoutSettings(): LayoutSettings {
  const read = <K extends LayoutSettingKey>(key: K) => parseLayoutSetting(key, readPreference(key));
  return {
    skin: read('skin'),
    menuCollapsed: read('menuCollapsed'),
    menuLayout: read('menuLayout'),
    contentWidth: read('contentWidth'),
    navbarType: read('navbarType'),
    navbarColor: read('navbarColor'),
    footerType: read('footerType'),
    direction: read('direction'),
  };
}

/** Persists one setting. */
export function writeLayoutSetting<K extends LayoutSettingKey>(key: K, value: LayoutSettings[K]): void {
  writePreference(key, String(value));
}

/**
 * Mirrors the skin and direction on `<html>` (`data-skin`, `dir`): the plain-CSS sign-in page
 * and the browser's own widgets (scrollbars, form controls via `color-scheme`) follow them.
 */
export function applyDocumentLayout(settings: Pick<LayoutSettings, 'skin' | 'direction'>): void {
  const root = document.documentElement;
  root.dataset.skin = settings.skin;
  root.dir = settings.direction;
  root.style.colorScheme = settings.skin === 'dark' ? 'dark' : 'light';
}
