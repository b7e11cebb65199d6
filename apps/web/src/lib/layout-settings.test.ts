import { describe, expect, it } from 'vitest';
import { LAYOUT_DEFAULTS, parseLayoutSetting, readLayoutSettings, writeLayoutSetting } from './layout-settings.ts';

describe('layout settings storage', () => {
  it('defaults to light, vertical, full width, floating white navbar, static footer, LTR', () => {
    expect(readLayoutSettings()).toEqual({
      skin: 'light',
      menuCollapsed: false,
      menuLayout: 'vertical',
      contentWidth: 'full',
      navbarType: 'floating',
      navbarColor: 'white',
      footerType: 'static',
      direction: 'ltr',
    });
  });

  it('stores `skin` and `menuCollapsed` under the spec names, as plain strings', () => {
    writeLayoutSetting('skin', 'semi-dark');
    writeLayoutSetting('menuCollapsed', true);
    expect(localStorage.getItem('skin')).toBe('semi-dark');
    expect(localStorage.getItem('menuCollapsed')).toBe('true');
    expect(readLayoutSettings()).toMatchObject({ skin: 'semi-dark', menuCollapsed: true });
  });

  it('reads JSON-quoted values as the template wrote them', () => {
    localStorage.setItem('skin', '"dark"');
    expect(readLayoutSettings().skin).toBe('dark');
  });

  it('falls back to the default for unknown or broken values', () => {
    expect(parseLayoutSetting('skin', 'neon')).toBe(LAYOUT_DEFAULTS.skin);
    expect(parseLayoutSetting('menuCollapsed', 'yes')).toBe(false);
    expect(parseLayoutSetting('navbarType', null)).toBe('floating');
    localStorage.setItem('direction', 'sideways');
    expect(readLayoutSettings().direction).toBe('ltr');
  });
});
