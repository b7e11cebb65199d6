import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.ts';
import { findLoneSurrogate, hasControlCharacter } from '../lib/text.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route receives text from Meta (webhooks): that text is cleaned before it is stored
     * (`cleanText` of lib/text.ts), never refused, because Meta retries a refused delivery
     * forever. Turns the input guard off for the route.
     */
    textFromMeta?: boolean;
  }
}

/** Deepest nesting of objects and arrays a request may send; the deepest contract needs 4. */
export const MAX_INPUT_DEPTH = 32;

/** Where a request's input was refused: `field` as the error body names it, and why. */
export interface InputProblem {
  field: string;
  message: string;
}

const codePoint = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `text` is not acceptable input, as the end of a sentence, or null when it is. */
function textProblem(text: string): string | null {
  if (hasControlCharacter(text)) {
    const ch = [...text].find((c) => hasControlCharacter(c))!;
    return `a control character (${codePoint(ch.charCodeAt(0))}), which is not allowed`;
  }
  const lone = findLoneSurrogate(text);
  if (lone) return `an unpaired surrogate (${codePoint(lone.charCodeAt(0))}), which is not valid Unicode text`;
  return null;
}

/**
 * Finds the first string or object key of one part of a request (parsed body, query string or
 * route params) that must be refused: one holding a C0 control character other than tab, line
 * feed and carriage return, or DEL (the rule of lib/text.ts), or an unpaired UTF-16 surrogate;
 * and refuses nesting deeper than {@link MAX_INPUT_DEPTH}.
 *
 * Walks with an explicit stack, so a 256 kB body of nested arrays cannot overflow the call stack.
 * @param value the parsed part; Buffers (raw bodies) are not text and are skipped
 * @param part `body`, `query` or `params`: the first segment of the reported field
 * @returns the field (dotted path, e.g. `body.brands.0.name`; for a bad object key, the path of
 *   the object) and a message naming it, or null when everything is acceptable
 */
export function findInputProblem(value: unknown, part: string): InputProblem | null {
  const name = (path: string) => (path === part ? part : path.slice(part.length + 1));
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: part, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { field: item.path, message: `${name(item.path)} contains ${problem}` };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || ArrayBuffer.isView(item.value)) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { field: item.path, message: `${name(item.path)} is nested more than ${MAX_INPUT_DEPTH} levels deep` };
    const entries: [string, unknown][] = Array.isArray(item.value) ? item.value.map((v, i) => [String(i), v]) : Object.entries(item.value);
    if (!Array.isArray(item.value)) {
      for (const [key] of entries) {
        const problem = textProblem(key);
        if (problem) return { field: item.path, message: `${name(item.path)} has a key with ${problem}` };
      }
    }
    // Pushed in reverse so that fields are reported in the order they were sent.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: `${item.path}.${entries[i]![0]}`, depth: item.depth + 1 });
  }
  return null;
}

/**
 * preValidation hook: refuses bad text in route params, query string and body with a 400 whose
 * `field`/`message` name it ("Input that must never break anything"). It runs after
 * authentication (onRequest) and before schema validation and the handler, so nothing is
 * stored or sent to Facebook: PostgreSQL cannot store NUL in `text`, and Facebook publishes
 * what it is given, after which every read of that thread would fail.
 * @throws HttpError 400 `{message, field}`
 */
async function guardInput(request: FastifyRequest): Promise<void> {
  if (request.routeOptions.config?.textFromMeta) return;
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    const problem = findInputProblem(value, part);
    if (problem) throw badRequest(problem.message, problem.field);
  }
}

/**
 * Registers the input guard for every route registered after it (register it before the
 * routes): a new route cannot forget it. Routes that receive Meta's text opt out with
 * `config: { textFromMeta: true }`. See docs/decisions/0015-input-hygiene.md.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', guardInput);
}
