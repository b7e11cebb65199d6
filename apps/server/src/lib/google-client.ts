/**
 * HTTP client of Google OAuth and the Business Profile APIs
 * (docs/requirements/platform-apis.md#google-business-profile). The same code talks to Google and
 * to the local simulator (packages/meta-sim google/routes.ts): with `baseUrl`
 * `https://googleapis.com` each API is its own host (`https://{api}.googleapis.com`) and consent is
 * at accounts.google.com; with any other base every API is a path under it (`{base}/{api}`), which
 * is how the simulator serves them.
 *
 * Errors: Google's envelope `{error:{code,message,status}}` (APIs) and RFC 6749's
 * `{error,error_description}` (the token endpoint) both become {@link GoogleApiError}.
 */

/** The Google host label of each API DineDesk calls. */
export type GoogleApi = 'mybusinessaccountmanagement' | 'mybusinessbusinessinformation' | 'mybusiness' | 'openidconnect';

/** An error answer of Google, a timeout, or a broken connection. */
export class GoogleApiError extends Error {
  /**
   * @param httpStatus the HTTP status; 0 for a timeout or a connection that broke
   * @param status Google's `status` (`INVALID_ARGUMENT`, `RESOURCE_EXHAUSTED`…), or the OAuth
   *   `error` (`invalid_grant`…) of the token endpoint, or `TIMEOUT`/`NETWORK`
   * @param sent whether the request may have reached Google (a timeout after sending)
   */
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly status: string,
    readonly sent = true,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
  /** 429 RESOURCE_EXHAUSTED: a quota (300 per minute per API, 10 edits per minute per location, or a zero quota). */
  get isQuota(): boolean {
    return this.httpStatus === 429;
  }
  /** The refresh token is dead (revoked, expired, or the user removed the app): reconnect. */
  get isGrantDead(): boolean {
    return this.status === 'invalid_grant';
  }
  /** 401: the access token is not accepted (expired early, revoked). */
  get isUnauthenticated(): boolean {
    return this.httpStatus === 401;
  }
  /** Worth retrying later: 5xx, a timeout or the network. */
  get isTransient(): boolean {
    return this.httpStatus === 0 || this.httpStatus >= 500;
  }
  /** A write whose outcome is unknown: it may have been carried out (timeout after sending, 5xx). */
  get outcomeUnknown(): boolean {
    return (this.httpStatus === 0 && this.sent) || this.httpStatus >= 500;
  }
}

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface GoogleTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

export interface GoogleClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Google's own base: one host per API. */
export const GOOGLE_REAL_BASE = 'https://googleapis.com';

export class GoogleClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: GoogleClientOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private get real(): boolean {
    return this.opts.baseUrl === GOOGLE_REAL_BASE;
  }

  /** Base URL of one API (`https://mybusiness.googleapis.com` or `{sim}/mybusiness`). */
  apiBase(api: GoogleApi): string {
    return this.real ? `https://${api}.googleapis.com` : `${this.opts.baseUrl}/${api}`;
  }

  /**
   * The consent page URL (OAuth 2.0 for web server apps): offline access so Google returns a
   * refresh token, `prompt=consent` so a reconnect gets a new one; PKCE `S256` (lib/pkce.ts).
   */
  consentUrl(p: { redirectUri: string; state: string; scopes: readonly string[]; codeChallenge: string }): string {
    const base = this.real ? 'https://accounts.google.com/o/oauth2/v2/auth' : `${this.opts.baseUrl}/o/oauth2/v2/auth`;
    const q = new URLSearchParams({
      client_id: this.opts.clientId,
      redirect_uri: p.redirectUri,
      response_type: 'code',
      scope: p.scopes.join(' '),
      state: p.state,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge: p.codeChallenge,
      code_challenge_method: 'S256',
    });
    return `${base}?${q}`;
  }

  private get tokenUrl(): string {
    return this.real ? 'https://oauth2.googleapis.com/token' : `${this.opts.baseUrl}/oauth2/token`;
  }

  /**
   * Code → tokens (with a refresh token when consent asked offline access).
   * @param codeVerifier the PKCE verifier whose challenge the consent URL carried
   * @throws GoogleApiError (`invalid_grant` for a wrong or missing verifier)
   */
  exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<GoogleTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier });
  }

  /** Refresh token → a new access token (about an hour). @throws GoogleApiError `invalid_grant` when the grant is dead */
  refresh(refreshToken: string): Promise<GoogleTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async token(params: Record<string, string>): Promise<GoogleTokens> {
    const body = new URLSearchParams({ ...params, client_id: this.opts.clientId, client_secret: this.opts.clientSecret });
    const res = await this.send(this.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const json = (await readJson(res)) as Partial<GoogleTokens> & { error?: unknown; error_description?: unknown };
    if (!res.ok || typeof json.access_token !== 'string') {
      const error = typeof json.error === 'string' ? json.error : `http_${res.status}`;
      throw new GoogleApiError(`Google refused the token request: ${error}${typeof json.error_description === 'string' ? ` (${json.error_description.slice(0, 200)})` : ''}`, res.status, error);
    }
    return { access_token: json.access_token, expires_in: typeof json.expires_in === 'number' ? json.expires_in : 3599, ...(typeof json.refresh_token === 'string' ? { refresh_token: json.refresh_token } : {}), ...(typeof json.scope === 'string' ? { scope: json.scope } : {}) };
  }

  /**
   * One API call with a bearer access token.
   * @param path under the API's base, e.g. `v4/accounts/1/locations/2/reviews`
   * @throws GoogleApiError on an error answer, a timeout or the network
   */
  async call<T>(method: 'GET' | 'PUT' | 'DELETE' | 'POST', api: GoogleApi, path: string, accessToken: string, opts: { query?: Record<string, string | number | undefined>; body?: unknown } = {}): Promise<T> {
    const url = new URL(`${this.apiBase(api)}/${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.send(url.toString(), { method, headers, ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}) });
    const json = await readJson(res);
    if (!res.ok) {
      const env = (json as { error?: { code?: unknown; message?: unknown; status?: unknown } } | null)?.error;
      const message = typeof env?.message === 'string' ? env.message.slice(0, 500) : `HTTP ${res.status}`;
      throw new GoogleApiError(message, res.status, typeof env?.status === 'string' ? env.status : `HTTP_${res.status}`);
    }
    return json as T;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      // A refused connection never reached Google; a timeout or a reset may have.
      const refused = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(String((e as { cause?: { code?: string } }).cause?.code ?? ''));
      throw new GoogleApiError(timeout ? `Google did not answer within ${this.opts.timeoutMs} ms` : `Google could not be reached (${(e as Error).message})`, 0, timeout ? 'TIMEOUT' : 'NETWORK', !refused);
    }
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { error: { code: res.status, message: `Google answered something that is not JSON (HTTP ${res.status})`, status: `HTTP_${res.status}` } };
  }
}
