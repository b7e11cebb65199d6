/**
 * The text side of mentions, kept apart from the input so it is tested alone:
 * finding the `@name` being typed at the caret, putting a chosen teammate's `@Full Name` in its
 * place, and which recorded teammates the text still names when it is sent.
 */
import { mentionSpans, type TMentionedUser } from '@dinedesk/contracts';

/** Longest text after `@` still read as a name being typed (a full name with some slack). */
export const MENTION_QUERY_MAX = 60;

/**
 * `@` at the start or after a space or an opening bracket (not inside an email address), a
 * letter, then anything up to the caret but a line break or another `@`.
 */
const TYPED_MENTION = new RegExp(`(?:^|[\\s(])@(\\p{L}[^\\n@]{0,${MENTION_QUERY_MAX - 1}})$`, 'u');

/** The mention being typed: where its `@` is and what follows it up to the caret. */
export interface TypedMention {
  /** Index of the `@` in the text. */
  start: number;
  /** The text after `@` up to the caret, as typed. */
  query: string;
}

/** The mention being typed just before `caret` in `text`, or null when there is none. */
export function typedMentionAt(text: string, caret: number): TypedMention | null {
  const match = TYPED_MENTION.exec(text.slice(0, caret));
  if (!match?.[1]) return null;
  return { start: caret - match[1].length - 1, query: match[1] };
}

/**
 * `text` with the typed mention (from its `@` to `caret`) replaced by `@Full Name` and a space
 * (none when one follows already), and where the caret goes: after it.
 */
export function insertMention(text: string, typed: TypedMention, caret: number, fullName: string): { text: string; caret: number } {
  const after = text.slice(caret);
  const inserted = `@${fullName}${/^\s/.test(after) ? '' : ' '}`;
  return { text: text.slice(0, typed.start) + inserted + after, caret: typed.start + inserted.length };
}

/**
 * The ids of the `recorded` teammates that `text` still names as `@Full Name` (each once, in the
 * order they appear): one chosen and then edited out of the text is not mentioned.
 */
export function mentionedUserIds(text: string, recorded: readonly TMentionedUser[]): string[] {
  return [...new Set(mentionSpans(text, recorded).map((span) => span.userId))];
}
