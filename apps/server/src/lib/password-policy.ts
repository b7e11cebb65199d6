/**
 * Password policy: a new password needs at least
 * {@link MIN_PASSWORD_LENGTH} characters and a zxcvbn score of at least {@link MIN_SCORE}
 * ("safely unguessable: moderate protection from offline slow-hash scenario", zxcvbn's scale
 * 0–4), judged by `@zxcvbn-ts/core` with its common and English dictionaries plus the user's own
 * email and name, the name of their client, the product's name and the demo accounts' password
 * that the README publishes ({@link PUBLIC_PASSWORDS}), which an attacker would try first (NIST
 * SP 800-63B §5.1.1.2: compare against known-breached and context-specific words). `password`,
 * `12345678`, eight spaces and `DineDesk-demo-2026` fail.
 *
 * The refusal says why in the caller's language (en, de, fr, pt): our own sentence (too short
 * or too easy to guess) plus zxcvbn's warning and suggestions from its language packs.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnDe from '@zxcvbn-ts/language-de';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import * as zxcvbnFr from '@zxcvbn-ts/language-fr';
import * as zxcvbnPt from '@zxcvbn-ts/language-pt-br';
import { HttpError } from './errors.ts';
import type { MessageLanguage } from './request-language.ts';

/** Fewest characters of a new password. */
export const MIN_PASSWORD_LENGTH = 10;
/** Lowest accepted zxcvbn score (0–4). */
export const MIN_SCORE = 3;

/** Our own sentences; zxcvbn's feedback comes from its language packs. */
const MESSAGES: Record<MessageLanguage, { tooShort: (min: number) => string; tooWeak: string }> = {
  en: { tooShort: (min) => `The password is too short: use at least ${min} characters.`, tooWeak: 'The password is too easy to guess.' },
  de: { tooShort: (min) => `Das Passwort ist zu kurz: Verwenden Sie mindestens ${min} Zeichen.`, tooWeak: 'Das Passwort ist zu leicht zu erraten.' },
  fr: { tooShort: (min) => `Le mot de passe est trop court : utilisez au moins ${min} caractères.`, tooWeak: 'Le mot de passe est trop facile à deviner.' },
  pt: { tooShort: (min) => `A senha é curta demais: use pelo menos ${min} caracteres.`, tooWeak: 'A senha é fácil demais de adivinhar.' },
};

type FeedbackTranslations = { warnings: Record<string, string>; suggestions: Record<string, string> };
/** zxcvbn-ts feedback texts per language (Portuguese is written as Brazilian, like the web app). */
const FEEDBACK: Record<MessageLanguage, FeedbackTranslations> = {
  en: zxcvbnEn.translations,
  de: zxcvbnDe.translations,
  fr: zxcvbnFr.translations,
  pt: zxcvbnPt.translations,
};

// Built on first use: ranking the dictionaries takes a moment and most processes never need it.
// Without `translations` zxcvbn answers feedback as keys (`topTen`), translated per request below.
let factory: ZxcvbnFactory | null = null;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return factory;
}

/**
 * Passwords printed in this repository's README (every demo account's): public, so never a
 * password anyone may choose, with or without small changes (zxcvbn matches them as user inputs,
 * case, l33t and reversal included).
 */
export const PUBLIC_PASSWORDS: readonly string[] = ['DineDesk-demo-2026'];

/** Words of the user's email, name and client, the product's name and the public passwords, as zxcvbn user inputs. */
function userWords(inputs: readonly string[]): string[] {
  const words = new Set<string>(['dinedesk', ...PUBLIC_PASSWORDS.map((p) => p.toLowerCase())]);
  for (const input of inputs) {
    const lower = input.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    // `deccantablegroup` for `Deccan Table Group`: a name typed without its spaces.
    const joined = lower.replace(/[^\p{L}\p{N}]+/gu, '');
    if (joined.length >= 3) words.add(joined);
    // `deccan-table` of `ravi@deccan-table.demo` as a whole, and `deccan` and `table` alone.
    for (const part of lower.split(/[@.\s_+]+/u)) if (part.length >= 3) words.add(part);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

export interface PasswordVerdict {
  ok: boolean;
  /** zxcvbn score 0–4. */
  score: number;
  /** Why the password was refused, in `language`; null when accepted. */
  message: string | null;
}

/**
 * Judges a new password.
 * @param userInputs the user's email, full name and client name (context-specific words)
 * @param language of `message`
 */
export function judgePassword(password: string, userInputs: readonly string[], language: MessageLanguage): PasswordVerdict {
  const result: ZxcvbnResult = estimator().check(password, userWords(userInputs));
  const tooShort = [...password].length < MIN_PASSWORD_LENGTH;
  const tooWeak = result.score < MIN_SCORE;
  if (!tooShort && !tooWeak) return { ok: true, score: result.score, message: null };
  const texts = FEEDBACK[language];
  const { warning, suggestions } = result.feedback;
  const parts = [tooShort ? MESSAGES[language].tooShort(MIN_PASSWORD_LENGTH) : MESSAGES[language].tooWeak];
  if (tooWeak && warning) parts.push(texts.warnings[warning] ?? FEEDBACK.en.warnings[warning] ?? '');
  if (tooWeak && !tooShort) for (const s of suggestions) parts.push(texts.suggestions[s] ?? FEEDBACK.en.suggestions[s] ?? '');
  return { ok: false, score: result.score, message: parts.filter(Boolean).join(' ') };
}

/**
 * Refuses a weak new password; call it wherever a password is set, before anything is stored.
 * @throws HttpError 400 `{message, field: 'body.password', code: 'weak_password'}`
 */
export function assertStrongPassword(password: string, userInputs: readonly string[], language: MessageLanguage): void {
  const verdict = judgePassword(password, userInputs, language);
  if (!verdict.ok) throw new HttpError(400, verdict.message!, { field: 'body.password', code: 'weak_password' });
}
