import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_MESSAGE, parseConnectResult, popupFeatures, reportToOpener } from './facebook-connect.ts';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

describe('Facebook connect in the browser', () => {
  it('opens a 700x800 popup', () => {
    expect(popupFeatures()).toMatch(/^popup=yes,width=700,height=800,left=\d+,top=\d+$/);
  });

  it('reads the landing route’s result and ignores anything else', () => {
    expect(parseConnectResult(new URLSearchParams('longToken=success&pages=8'))).toEqual({ longToken: 'success', reason: null, pages: 8 });
    expect(parseConnectResult(new URLSearchParams('longToken=failed&reason=cancelled'))).toEqual({ longToken: 'failed', reason: 'cancelled', pages: null });
    expect(parseConnectResult(new URLSearchParams('longToken=maybe'))).toBeNull();
    expect(parseConnectResult(new URLSearchParams('longToken=success&pages=-1e9'))).toMatchObject({ pages: null });
    expect(parseConnectResult(new URLSearchParams(''))).toBeNull();
  });

  it('in the popup, posts the result to its opener on this origin only, then closes', () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const result = { longToken: 'success' as const, reason: null, pages: 3 };
    expect(reportToOpener(result)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: CONNECT_MESSAGE, result }, window.location.origin);
    expect(close).toHaveBeenCalled();
  });

  it('reads a Google connect’s result the same way (googleToken)', () => {
    expect(parseConnectResult(new URLSearchParams('googleToken=success'))).toEqual({ googleToken: 'success', reason: null });
    expect(parseConnectResult(new URLSearchParams('googleToken=failed&reason=permissions'))).toEqual({ googleToken: 'failed', reason: 'permissions' });
    expect(parseConnectResult(new URLSearchParams('googleToken=maybe'))).toBeNull();
  });

  it('in the Google popup, posts the result to its opener and closes', () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const result = { googleToken: 'failed' as const, reason: 'cancelled' };
    expect(reportToOpener(result)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({ type: CONNECT_MESSAGE, result }, window.location.origin);
    expect(close).toHaveBeenCalled();
  });

  it('outside a popup, keeps the result on screen', () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    expect(reportToOpener({ longToken: 'failed', reason: 'state', pages: null })).toBe(false);
    expect(close).not.toHaveBeenCalled();
  });
});
