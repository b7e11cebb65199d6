/**
 * The language of server messages meant for people (docs/requirements/data.md: English, German,
 * French, Portuguese; fallback English, docs/requirements/constants.md). The web client sends the
 * UI language as `Accept-Language` on every product call (apps/web/src/lib/api-client.ts).
 */

export const MESSAGE_LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** Most language ranges looked at: a header is short, a hostile one must not cost much. */
const MAX_RANGES = 20;

/**
 * Picks the best supported language of an `Accept-Language` header (RFC 9110 §12.5.4): ranges
 * by descending `q`, header order breaking ties; a range matches by its primary subtag
 * (`de-CH` → `de`, `pt-BR` → `pt`); `q=0` means "not this one"; `*` or nothing matches English.
 * @param header the raw header value (string, or the array Node gives for repeated headers)
 * @example requestLanguage('fr-CH, fr;q=0.9, en;q=0.8') === 'fr'
 */
export function requestLanguage(header: string | string[] | undefined): MessageLanguage {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges = raw
    .split(',')
    .slice(0, MAX_RANGES)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && r.base)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranges) if ((MESSAGE_LANGUAGES as readonly string[]).includes(r.base)) return r.base as MessageLanguage;
  return 'en';
}
