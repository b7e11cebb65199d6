/**
 * Keeps credentials out of every log line: access tokens, invitation and
 * ReservGo tokens in URLs (`/set-password?token=…`, `/api/reservgo/secure-endpoint?token=…`,
 * `?longToken=`, Graph's `access_token=` in `paging.next`), and `Authorization` headers.
 *
 * Three layers, because a token can reach a log line by more than one road:
 * 1. a `req` serializer logs the URL with the values of secret-looking query parameters replaced;
 * 2. pino `redact` censors known secret fields of logged objects (headers, bodies, queries);
 * 3. `hooks.streamWrite` scrubs the final line: query parameters and `Bearer` credentials inside
 *    any string (an error message quoting a URL, a value logged by a module that forgot).
 */
import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** Where log lines go: anything with `write(line)` (stdout by default; tests capture). */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/**
 * Query parameter names whose values are secrets: `token`, `longToken`, `access_token`,
 * `appsecret_proof`, `client_secret`, `fb_exchange_token`, `hub.verify_token`, `code`,
 * `code_verifier`, the OAuth `state` (a signed JWT bound to a session), passwords, signatures and
 * keys, in any letter case or separator.
 */
const SECRET_PARAM = /(?:token|secret|password|passwd|proof|signature|api[_-]?key|verifier|^code$|^key$|^sig$|^state$)/i;

/** `name=value` pairs of a query string inside any text (URL, message), name matched above. */
const PARAM_IN_TEXT = /([?&;]|\\u0026|&amp;)([\w.[\]-]*?(?:token|secret|password|passwd|proof|signature|api[_-]?key|code|key|sig|state)[\w.[\]-]*)=([^&\s"'#\\]+)/gi;
/** `Bearer <credential>` / `Basic <credential>` anywhere in text. */
const AUTH_SCHEME_IN_TEXT = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/**
 * The URL with the values of secret query parameters replaced by {@link REDACTED}; the path and
 * other parameters are kept, for debugging. Works on relative URLs (`/x?token=…`).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the raw name.
    }
    return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Scrubs secret query values and `Bearer`/`Basic` credentials from a serialized log line. */
export function scrubLogLine(line: string): string {
  return line.replace(PARAM_IN_TEXT, (_m, sep: string, name: string) => `${sep}${name}=${REDACTED}`).replace(AUTH_SCHEME_IN_TEXT, `$1 ${REDACTED}`);
}

/** Fields censored wherever pino finds them (fast-redact paths; `*` is one level). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-hub-signature-256"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  'token',
  'longToken',
  'accessToken',
  'access_token',
  'password',
  '*.token',
  '*.longToken',
  '*.accessToken',
  '*.access_token',
  '*.password',
  '*.appSecret',
  '*.*.token',
  '*.*.accessToken',
  '*.*.password',
];

/** What Fastify logs of a request ("incoming request"), with the URL's secrets redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Fastify `logger` options of the server.
 * @param stream where lines go (tests capture them); stdout when omitted
 */
export function loggerOptions(level: string, stream?: LogStream): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest },
    hooks: { streamWrite: scrubLogLine },
    ...(stream ? { stream } : {}),
  };
}
