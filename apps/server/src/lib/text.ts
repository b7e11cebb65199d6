/**
 * Text hygiene shared by every input path ("Input that must never break anything").
 *
 * Two rules, one per direction:
 * - Text a DineDesk user sends (HTTP bodies, queries, params) with NUL or another C0 control
 *   character other than tab, line feed and carriage return is refused with a 400 naming the
 *   field, before anything is stored or sent to Meta: PostgreSQL rejects NUL in `text`, and Meta
 *   publishes what it is given, so such a reply would break every later read of its thread.
 * - Text that arrives from Meta (webhooks, sync) is never refused, since Meta will keep retrying
 *   the same payload: it is cleaned with {@link cleanText} before storage.
 *
 * Carriage return is allowed because CRLF is how Windows clients and form posts break lines.
 */

/** C0 controls except TAB (0x09), LF (0x0A) and CR (0x0D), plus DEL (0x7F). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- see FORBIDDEN
const FORBIDDEN_GLOBAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** UTF-16 code units that are half of a surrogate pair without the other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when `text` holds a control character that user input may not carry (see above). */
export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The first lone UTF-16 surrogate of `text` (not Unicode text, not storable as UTF-8), or null. */
export function findLoneSurrogate(text: string): string | null {
  LONE_SURROGATE.lastIndex = 0;
  const hit = LONE_SURROGATE.exec(text);
  return hit ? hit[0] : null;
}

/**
 * Cleans text that arrived from Meta before it is stored: drops NUL and the other forbidden
 * control characters, and replaces lone UTF-16 surrogates (which PostgreSQL cannot store as
 * UTF-8) with U+FFFD. Tabs and line breaks are kept. Null and undefined pass through.
 */
export function cleanText<T extends string | null | undefined>(text: T): T {
  if (typeof text !== 'string') return text;
  return text.replace(FORBIDDEN_GLOBAL, '').replace(LONE_SURROGATE, '\uFFFD') as T;
}
