import { describe, expect, it } from 'vitest';
import { imageAllowed, imgSourcesOf, loadConfig } from './config.ts';

/** "Secrets": the simulator's public defaults never guard a real Meta app. */
describe('loadConfig and public simulator defaults', () => {
  const real = { META_GRAPH_BASE_URL: 'https://graph.facebook.com' };
  const own = { META_APP_SECRET: 'a-real-app-secret-from-meta', META_WEBHOOK_VERIFY_TOKEN: 'a-random-verify-token', GOOGLE_CLIENT_SECRET: 'a-real-google-secret', PLACES_API_KEY: 'a-real-places-key' };

  it('refuses to start with the default META_APP_SECRET against a real Graph host', () => {
    expect(() => loadConfig({ ...real, META_WEBHOOK_VERIFY_TOKEN: own.META_WEBHOOK_VERIFY_TOKEN })).toThrow(/^Invalid configuration: META_APP_SECRET: .*public.*simulator/);
    expect(() => loadConfig({ ...real, ...own, META_APP_SECRET: 'meta-sim-app-secret' })).toThrow(/META_APP_SECRET/);
  });

  it('refuses to start with the default META_WEBHOOK_VERIFY_TOKEN against a real Graph host', () => {
    expect(() => loadConfig({ ...real, META_APP_SECRET: own.META_APP_SECRET })).toThrow(/^Invalid configuration: META_WEBHOOK_VERIFY_TOKEN: /);
    expect(() => loadConfig({ META_GRAPH_BASE_URL: 'http://10.0.0.5:4100', ...own, META_WEBHOOK_VERIFY_TOKEN: 'dinedesk-verify' })).toThrow(/META_WEBHOOK_VERIFY_TOKEN/);
  });

  it('starts against a real Graph host with its own values', () => {
    const config = loadConfig({ ...real, ...own });
    expect(config.graph.appSecret).toBe(own.META_APP_SECRET);
    expect(config.meta.webhookVerifyToken).toBe(own.META_WEBHOOK_VERIFY_TOKEN);
  });

  it.each(['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100', 'http://127.0.0.1:53111'])('keeps the defaults with the simulator at %s', (url) => {
    const config = loadConfig({ META_GRAPH_BASE_URL: url });
    expect(config.graph.appSecret).toBe('meta-sim-app-secret');
    expect(config.meta.webhookVerifyToken).toBe('dinedesk-verify');
  });

  it('keeps the defaults when nothing is set (npm start: the simulator)', () => {
    const config = loadConfig({});
    expect(config.graph.baseUrl).toBe('http://127.0.0.1:4100');
    expect(config.google).toMatchObject({ baseUrl: 'http://127.0.0.1:4100/google', clientSecret: 'meta-sim-google-secret', connectDemo: true });
  });

  it('puts Google beside the Graph simulator, and refuses the public Google secret against Google', () => {
    expect(loadConfig({ META_GRAPH_BASE_URL: 'http://127.0.0.1:53111/' }).google.baseUrl).toBe('http://127.0.0.1:53111/google');
    expect(loadConfig({ ...real, ...own }).google).toMatchObject({ baseUrl: 'https://googleapis.com', connectDemo: false });
    expect(() => loadConfig({ ...real, META_APP_SECRET: own.META_APP_SECRET, META_WEBHOOK_VERIFY_TOKEN: own.META_WEBHOOK_VERIFY_TOKEN })).toThrow(/^Invalid configuration: GOOGLE_CLIENT_SECRET: /);
    expect(() => loadConfig({ GOOGLE_API_BASE_URL: 'https://googleapis.com' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_API_BASE_URL: 'https://googleapis.com', GOOGLE_CLIENT_SECRET: 'x', PLACES_API_KEY: 'k' }).google.connectDemo).toBe(false);
  });

  it('puts Places beside the Google simulator, and refuses the simulator’s Places key against Google (decision 0030)', () => {
    expect(loadConfig({}).places).toMatchObject({ baseUrl: 'http://127.0.0.1:4100/google/places', apiKey: 'meta-sim-places-key', simulatorHistory: true });
    expect(loadConfig({ ...real, ...own }).places).toMatchObject({ baseUrl: 'https://places.googleapis.com', apiKey: 'a-real-places-key', simulatorHistory: false });
    expect(() => loadConfig({ GOOGLE_API_BASE_URL: 'https://googleapis.com', GOOGLE_CLIENT_SECRET: 'x' })).toThrow(/^Invalid configuration: PLACES_API_KEY: /);
    expect(() => loadConfig({ PLACES_API_BASE_URL: 'https://places.googleapis.com' })).toThrow(/PLACES_API_KEY/);
  });
});

/** Timeouts and TRUST_PROXY (docs/decisions/0045). */
describe('loadConfig: HTTP timeouts and TRUST_PROXY', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, uploadTimeoutMs: 600_000, idleTimeoutMs: 120_000, keepAliveTimeoutMs: 72_000 });
    expect(config.trustProxy).toBe(false);
  });

  it('refuses headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/^Invalid configuration: HTTP_HEADERS_TIMEOUT_MS: /);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/^Invalid configuration: HTTP_REQUEST_TIMEOUT_MS: /);
  });

  it.each([
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    [' 127.0.0.1 , 10.1.2.3/32,::1, fd00::/8 ,loopback', ['127.0.0.1', '10.1.2.3/32', '::1', 'fd00::/8', 'loopback']],
  ] as const)('TRUST_PROXY=%j → %j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each(['true', '*', '10.0.0.0/33', '10.0.0/8', 'proxy.internal', '1.2.3.4/8/1', '500'])('refuses TRUST_PROXY=%j naming it', (raw) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/^Invalid configuration: TRUST_PROXY: /);
  });
});

describe('CSP img-src: exactly the hosts whose images the app shows', () => {
  it('allows the app, Meta’s CDNs, the local simulator and the configured extras, nothing else', () => {
    const sim = imgSourcesOf('http://127.0.0.1:4100', 'https://tile.openstreetmap.org');
    expect(sim).toEqual(["'self'", 'data:', 'https://*.cdninstagram.com', 'https://*.fbcdn.net', 'https://lookaside.fbsbx.com', 'http://127.0.0.1:4100', 'https://tile.openstreetmap.org']);
    // Against Meta, no simulator origin.
    expect(imgSourcesOf('https://graph.facebook.com', '')).toEqual(["'self'", 'data:', 'https://*.cdninstagram.com', 'https://*.fbcdn.net', 'https://lookaside.fbsbx.com']);
    expect(imageAllowed('https://scontent-lhr8-1.cdninstagram.com/v/t51.29350-15/1_n.jpg?stp=dst', sim)).toBe(true);
    expect(imageAllowed('https://video.xx.fbcdn.net/v/1.mp4', sim)).toBe(true);
    expect(imageAllowed('http://127.0.0.1:4100/sim-cdn/instagram/1_n.png', sim)).toBe(true);
    expect(imageAllowed('http://127.0.0.1:4101/sim-cdn/instagram/1_n.png', sim)).toBe(false);
    expect(imageAllowed('http://scontent.cdninstagram.com/x.jpg', sim)).toBe(false);
    expect(imageAllowed('https://cdninstagram.com.evil.example/x.jpg', sim)).toBe(false);
    expect(imageAllowed('https://evil.example/x.jpg', sim)).toBe(false);
    expect(imageAllowed('not a url', sim)).toBe(false);
  });

  it('refuses an extra source that is not an https origin, naming the variable', () => {
    for (const bad of ['http://tiles.example.com', 'https://tiles.example.com/{z}/{x}/{y}.png', 'tiles.example.com', "'unsafe-inline'"]) {
      expect(() => imgSourcesOf('http://127.0.0.1:4100', bad), bad).toThrow(/CSP_IMG_SOURCES/);
    }
    expect(() => loadConfig({ CSP_IMG_SOURCES: 'https:' })).toThrow(/CSP_IMG_SOURCES/);
  });
});
