import { API, ZGetFbPagesResponse } from '@dinedesk/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockRoutes } from '../testing/api-server.ts';
import { ApiError, apiGet, apiPost, apiRequest, buildUrl, EXPIRED_TOKEN_PATH, getJson, postJson } from './api-client.ts';
import { changeLanguage } from './i18n.ts';
import { setNavigator } from './navigation.ts';
import { onSessionChange, STORAGE_KEYS } from './storage.ts';

function storeSession(): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-123');
  localStorage.setItem(STORAGE_KEYS.email, 'asha@spiceroute.example');
  localStorage.setItem(STORAGE_KEYS.userData, '{"id":"u-1"}');
}

function sessionKeysLeft(): string[] {
  return [STORAGE_KEYS.accessToken, STORAGE_KEYS.email, STORAGE_KEYS.userData].filter(
    (key) => localStorage.getItem(key) !== null,
  );
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to throw an ApiError');
}

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  setNavigator(navigate);
});

describe('requests', () => {
  it('defaults to POST with a JSON body and the bearer token', async () => {
    storeSession();
    const fetchMock = mockRoutes({ 'POST /api/thing': () => json({ ok: true }) });

    await expect(apiRequest('/api/thing', { body: { a: 1 } })).resolves.toEqual({ ok: true });

    const [call] = fetchMock.calls;
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ a: 1 });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends the bearer token on GET too, with the query and no body', async () => {
    storeSession();
    const fetchMock = mockRoutes({ 'GET /api/thing': () => json({ ok: true }) });

    await apiGet('/api/thing', { pageId: '42', rating: 5, q: '', cursor: undefined });

    const [call] = fetchMock.calls;
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(call?.body).toBeUndefined();
    // Empty and undefined filters are left out rather than sent as "".
    expect([...(call?.query.entries() ?? [])]).toEqual([
      ['pageId', '42'],
      ['rating', '5'],
    ]);
  });

  it('sends the UI language as Accept-Language, so server messages come in it', async () => {
    const fetchMock = mockRoutes({ 'POST /api/thing': () => json({}) });
    await apiPost('/api/thing', {});
    expect(fetchMock.calls[0]?.headers.get('Accept-Language')).toBe('en');
    await changeLanguage('de');
    try {
      await apiPost('/api/thing', {});
      expect(fetchMock.calls[1]?.headers.get('Accept-Language')).toBe('de');
    } finally {
      await changeLanguage('en');
    }
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = mockRoutes({ 'POST /api/thing': () => json({}) });
    await apiPost('/api/thing', {});
    expect(fetchMock.calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('builds URLs on the configured base (same origin by default)', () => {
    expect(buildUrl('/api/x', { a: 'b c', n: 0, skip: null })).toBe('/api/x?a=b+c&n=0');
  });
});

describe('OK answers', () => {
  it('counts 302 as OK and returns its body', async () => {
    // A fetch that follows redirects never hands a 302 over (nor does MSW's interceptor, which
    // follows it too): the rule is pinned with a stubbed fetch answering the 302 itself.
    vi.stubGlobal('fetch', vi.fn(async () => json({ moved: true }, 302)));
    await expect(apiPost('/api/thing', {})).resolves.toEqual({ moved: true });
  });

  it('returns null for 204', async () => {
    mockRoutes({ 'POST /api/thing': () => json(null, 204) });
    await expect(apiPost('/api/thing', {})).resolves.toBeNull();
  });

  it('returns a non-JSON body as text', async () => {
    mockRoutes({ 'GET /api/thing': () => new Response('plain words', { status: 200 }) });
    await expect(apiGet('/api/thing')).resolves.toBe('plain words');
  });
});

describe('errors', () => {
  it.each([400, 403, 500])('%i raises an ApiError carrying the body message and field', async (status) => {
    mockRoutes({ 'POST /api/thing': () => json({ message: `refused ${status}`, field: 'body.message' }, status) });

    const error = await caught(apiPost('/api/thing', {}));

    expect(error.message).toBe(`refused ${status}`);
    expect(error.status).toBe(status);
    expect(error.field).toBe('body.message');
    expect(error.body).toEqual({ message: `refused ${status}`, field: 'body.message' });
  });

  it.each([404, 409, 422, 429, 502])('%i raises an ApiError carrying the body', async (status) => {
    mockRoutes({ 'POST /api/thing': () => json({ message: 'nope', code: 'x', extra: [1] }, status) });

    const error = await caught(apiPost('/api/thing', {}));

    expect(error.status).toBe(status);
    expect(error.body).toEqual({ message: 'nope', code: 'x', extra: [1] });
    expect(error.code).toBe('x');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('parses a non-JSON error body as text', async () => {
    mockRoutes({ 'POST /api/thing': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await caught(apiPost('/api/thing', {}));
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it('a 401 clears the stored session and redirects to /misc/expired-token', async () => {
    storeSession();
    localStorage.setItem(STORAGE_KEYS.menuCollapsed, 'true');
    const ended = vi.fn();
    const unsubscribe = onSessionChange(ended);
    mockRoutes({ 'GET /api/review_testing/get-fb-pages': () => json({ message: 'Token has expired' }, 401) });

    const error = await caught(apiGet(API.fbPages));
    unsubscribe();

    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'Token has expired' });
    expect(sessionKeysLeft()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.menuCollapsed)).toBe('true');
    expect(navigate).toHaveBeenCalledWith(EXPIRED_TOKEN_PATH);
    expect(ended).toHaveBeenCalledWith({ type: 'ended', reason: 'expired' });
  });

  it('a 401 on POST redirects too', async () => {
    storeSession();
    mockRoutes({ 'POST /reply-fb-review': () => json({ message: 'Invalid token' }, 401) });
    await caught(apiPost(API.replyFbReview, {}));
    expect(sessionKeysLeft()).toEqual([]);
    expect(navigate).toHaveBeenCalledWith(EXPIRED_TOKEN_PATH);
  });

  it.each([API.logout, API.login])('a 401 on %s neither clears nor redirects', async (path) => {
    storeSession();
    mockRoutes({
      [`GET ${path}`]: () => json({ message: 'Email or password is incorrect' }, 401),
      [`POST ${path}`]: () => json({ message: 'Email or password is incorrect' }, 401),
    });

    const error = await caught(path === API.logout ? apiGet(path) : apiPost(path, {}));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Email or password is incorrect');
    expect(sessionKeysLeft()).toHaveLength(3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a network failure raises an ApiError with status 0', async () => {
    mockRoutes({ 'GET /api/thing': () => Response.error() });
    const error = await caught(apiGet('/api/thing'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/could not reach/i);
  });

  it('an aborted request rethrows the abort, not a network error', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      }),
    );
    await expect(apiGet('/api/thing', undefined, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the GET helper', () => {
  it.each([400, 500])('returns a %i body as a result', async (status) => {
    mockRoutes({ 'GET /api/thing': () => json({ message: 'bad cursor' }, status) });
    await expect(apiGet('/api/thing')).resolves.toEqual({ message: 'bad cursor' });
  });

  it('still throws on 403', async () => {
    mockRoutes({ 'GET /api/thing': () => json({ message: 'not yours' }, 403) });
    expect((await caught(apiGet('/api/thing'))).message).toBe('not yours');
  });
});

describe('getJson / postJson', () => {
  const pages = { data: [] };

  it('returns the validated answer', async () => {
    mockRoutes({ 'GET /api/review_testing/get-fb-pages': () => json(pages) });
    await expect(getJson(API.fbPages, ZGetFbPagesResponse)).resolves.toEqual(pages);
  });

  it.each([400, 500])('turns the %i body the GET helper returns into a thrown ApiError', async (status) => {
    mockRoutes({ 'GET /api/review_testing/get-fb-pages': () => json({ message: 'Database unavailable' }, status) });
    const error = await caught(getJson(API.fbPages, ZGetFbPagesResponse));
    expect(error.message).toBe('Database unavailable');
    expect(error.status).toBe(status);
  });

  it('turns an OK {message} body into a thrown ApiError carrying the message', async () => {
    mockRoutes({ 'GET /api/review_testing/get-fb-pages': () => json({ message: 'Token has expired' }) });
    expect((await caught(getJson(API.fbPages, ZGetFbPagesResponse))).message).toBe('Token has expired');
  });

  it('rejects an answer that does not match the contract', async () => {
    mockRoutes({ 'GET /api/review_testing/get-fb-pages': () => json({ data: 'nope' }) });
    const error = await caught(getJson(API.fbPages, ZGetFbPagesResponse));
    expect(error.code).toBe('invalid_response');
  });

  it('postJson validates the answer and applies the error rules', async () => {
    mockRoutes({
      'POST /api/ok': () => json({ data: [] }),
      'POST /api/bad': () => json({ message: 'message must not be empty' }, 400),
    });
    await expect(postJson('/api/ok', {}, ZGetFbPagesResponse)).resolves.toEqual({ data: [] });
    expect((await caught(postJson('/api/bad', {}, ZGetFbPagesResponse))).message).toBe('message must not be empty');
  });
});
