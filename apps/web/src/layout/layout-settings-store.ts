/**
 * The live layout settings (docs/requirements/data.md), shared by the theme, the shell and the
 * customizer. Each change is persisted at once under its own key (`lib/layout-settings.ts` lists
 * them), mirrored on `<html>` (skin, direction), and followed by other open tabs.
 */
import { create } from 'zustand';
import {
  applyDocumentLayout,
  LAYOUT_DEFAULTS,
  readLayoutSettings,
  writeLayoutSetting,
  type LayoutSettingKey,
  type LayoutSettings,
} from '../lib/layout-settings.ts';
import { preferenceKeyOf } from '../lib/storage.ts';

export interface LayoutSettingsState extends LayoutSettings {
  /** Changes and persists one setting. */
  setSetting: <K extends LayoutSettingKey>(key: K, value: LayoutSettings[K]) => void;
  /** Back to the docs/requirements/data.md defaults (persisted too, so a reload keeps them). */
  resetSettings: () => void;
}

export const useLayoutSettings = create<LayoutSettingsState>()((set) => ({
  ...readLayoutSettings(),
  setSetting: (key, value) => {
    writeLayoutSetting(key, value);
    set({ [key]: value } as Pick<LayoutSettings, typeof key>);
  },
  resetSettings: () => {
    for (const key of Object.keys(LAYOUT_DEFAULTS) as LayoutSettingKey[]) writeLayoutSetting(key, LAYOUT_DEFAULTS[key]);
    set({ ...LAYOUT_DEFAULTS });
  },
}));

/** Re-reads every setting from storage (another tab changed one; tests). */
export function reloadLayoutSettings(): void {
  useLayoutSettings.setState(readLayoutSettings());
}

useLayoutSettings.subscribe((state, previous) => {
  if (state.skin !== previous.skin || state.direction !== previous.direction) applyDocumentLayout(state);
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const key = preferenceKeyOf(event.key);
    if (event.key === null || (key !== null && key !== 'language')) reloadLayoutSettings();
  });
}
