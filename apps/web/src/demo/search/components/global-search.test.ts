import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './global-search.tsx';

const key = (init: Partial<Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>>, target: EventTarget | null = document.body) => ({
  key: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...init,
});

describe('search shortcut', () => {
  it('is Ctrl+K, ⌘K, or "/" outside text fields', () => {
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ key: '/' }))).toBe(true);
  });

  it('leaves typing alone', () => {
    expect(isSearchShortcut(key({ key: '/' }, document.createElement('input')))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k' }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
  });
});
