/**
 * Where a Graph call carries its access token and parameters (Graph API "Access tokens"
 * and "Using the Graph API"): `?access_token=`, a form/JSON body field `access_token`, or
 * `Authorization: Bearer <t>` / `Authorization: OAuth <t>`. Query wins over body over header,
 * which is the order Graph's own SDKs fall back through.
 */
import type { FastifyRequest } from 'fastify';

/** First value of a query/body parameter as a string (repeated keys: the first wins). */
function str(v: unknown): string | undefined {
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/**
 * Merges query and body parameters into strings (body wins: POST fields override the URL).
 * Nested JSON values are sent back as JSON text, the way Graph reads them from forms.
 */
export function requestParams(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [req.query, req.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      const s = str(v) ?? (v !== null && typeof v === 'object' ? JSON.stringify(v) : undefined);
      if (s !== undefined) out[k] = s;
    }
  }
  return out;
}

/** The presented access token, or null when there is none. */
export function extractToken(req: FastifyRequest, params: Record<string, string>): string | null {
  const q = str((req.query as Record<string, unknown> | undefined)?.access_token);
  if (q) return q;
  if (params.access_token) return params.access_token;
  const auth = req.headers.authorization;
  const m = auth ? /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(auth) : null;
  return m?.[1] ?? null;
}
