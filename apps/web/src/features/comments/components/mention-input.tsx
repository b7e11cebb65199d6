/**
 * The internal comment's text field with @mentions. Typing `@` and a letter (at the
 * start or after a space) asks the server, after a pause in typing, which teammates may be
 * mentioned on the review (`mentions-users`, narrowed by what follows the `@`), and lists them in
 * a popup at the caret. ↑/↓ move through them, Enter or Tab chooses, Esc closes the popup (and
 * only the popup: the review detail stays open), a click chooses too. Choosing puts `@Full Name `
 * in place of what was typed and tells the composer (`onMention`), which sends the ids of the
 * teammates still named in the text.
 *
 * Why not MUI Autocomplete or react-mentions: Autocomplete completes the whole field, not a word
 * inside a text, and react-mentions is unmaintained and broken on React 19. The popup is anchored
 * to the `@`'s position in the textarea (`textarea-caret` measures it with a mirror element), so
 * it stays put while the name is typed.
 *
 * Focus stays in the textarea throughout: the options are `aria-activedescendant` of a listbox
 * (the textarea says `aria-autocomplete="list"`), a status line announces how many teammates
 * were found, and a click on an option does not take focus (`mousedown` is prevented).
 *
 * A query with a space that found no one is a sentence, not a name ("@Asha thanks for…"): the
 * popup closes and longer texts after that `@` are not asked about.
 */
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TMentionableUser, TMentionedUser } from '@dinedesk/contracts';
import getCaretCoordinates from 'textarea-caret';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { srOnly } from '../../../components/sr-only.ts';
import type { ThreadTarget } from '../../../lib/internal-comments.ts';
import { useMentionableUsers } from '../api/mentionable-users.ts';
import { useDebouncedValue } from '../format.ts';
import { typedMentionAt, insertMention } from '../mention-text.ts';

/** Pause in typing before the teammates are asked for, ms. */
export const MENTION_DEBOUNCE_MS = 200;

/** A zero-size rectangle at `left`, `top` with `height` (what Popper reads of a virtual anchor). */
const rect = (left: number, top: number, height: number) => ({ x: left, y: top, top, left, right: left, bottom: top + height, width: 0, height, toJSON: () => ({}) });

/** Where the caret at a position sits inside a textarea, px from its border box. */
interface CaretOffset {
  /** What it was measured for: position, text and width (the wrapping). */
  key: string;
  top: number;
  left: number;
  height: number;
}

/**
 * The offset of the caret at `position` in `textarea`. Measuring builds a mirror element with
 * the textarea's computed styles, so it is done again only when the text, the position or the
 * width changed, not each time Popper asks (scroll, resize, every render).
 */
function caretOffset(textarea: HTMLTextAreaElement, position: number, last: CaretOffset | null): CaretOffset {
  const key = `${position}:${textarea.clientWidth}:${textarea.value}`;
  if (last?.key === key) return last;
  const caret = getCaretCoordinates(textarea, position);
  // The mirror reads computed styles; a style it cannot parse ("normal" line height) gives NaN.
  const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);
  return { key, top: finite(caret.top, 0), left: finite(caret.left, 0), height: finite(caret.height, 20) };
}

export interface MentionInputProps {
  /** `id` of the textarea (its label points at it). */
  id: string;
  /** The thread whose teammates are suggested (a review's or a ticket's). */
  target: ThreadTarget;
  value: string;
  onChange: (text: string) => void;
  /** A teammate was chosen from the suggestions. */
  onMention: (user: TMentionedUser) => void;
  label: string;
  placeholder?: string;
  /** While the comment is being added: the text can be read and keeps focus, not changed. */
  readOnly?: boolean;
  maxLength: number;
  /** The server refused the text: the field shows as invalid. */
  error?: boolean;
  /** Ids of the texts describing the field (hint, counter, error). */
  describedBy?: string;
  /** Ctrl/Cmd+Enter: send. */
  onSubmitShortcut: () => void;
}

export function MentionInput({
  id,
  target,
  value,
  onChange,
  onMention,
  label,
  placeholder,
  readOnly = false,
  maxLength,
  error = false,
  describedBy,
  onSubmitShortcut,
}: MentionInputProps) {
  const { t } = useTranslation('comments');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const listboxId = useId();
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  /** The `@` (by index) whose popup was closed (Esc, or a teammate chosen): it stays closed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  /** A query with a space that found no one, after the `@` at `start`. */
  const [dead, setDead] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  /** Where the caret goes once a chosen mention is in the text. */
  const pendingCaret = useRef<number | null>(null);

  const typed = useMemo(() => typedMentionAt(value, caret), [value, caret]);
  // A popup closed at one `@` opens again at the next one, or after that `@` was deleted.
  if (dismissed !== null && typed?.start !== dismissed) setDismissed(null);
  const query = typed?.query.trim() ?? '';
  const sentence = typed !== null && dead !== null && dead.start === typed.start && query.startsWith(dead.query);
  const wanted = focused && typed !== null && typed.start !== dismissed && !sentence && !readOnly;
  const asked = useDebouncedValue(wanted ? query : '', MENTION_DEBOUNCE_MS);
  const suggestions = useMentionableUsers(target, asked, wanted && asked !== '');
  const answered = suggestions.isSuccess && !suggestions.isPlaceholderData && !suggestions.isFetching && asked === query;
  const users: TMentionableUser[] = wanted && asked !== '' ? (suggestions.data?.data ?? []) : [];
  if (wanted && answered && users.length === 0 && /\s/.test(query) && (dead?.start !== typed.start || dead.query !== query)) {
    setDead({ start: typed.start, query });
  }
  const open = wanted && asked !== '' && (users.length > 0 || answered || suggestions.isError || suggestions.isPending);
  const current = users.length > 0 ? Math.min(active, users.length - 1) : 0;

  // The popup sits at the `@`, so it does not follow the caret along the name being typed.
  const anchorStart = typed?.start ?? null;
  const measured = useRef<CaretOffset | null>(null);
  const anchor = useMemo(
    () =>
      anchorStart === null
        ? null
        : {
            getBoundingClientRect: () => {
              const element = textarea.current;
              if (!element) return rect(0, 0, 0);
              measured.current = caretOffset(element, anchorStart, measured.current);
              const box = element.getBoundingClientRect();
              const { top, left, height } = measured.current;
              return rect(box.left + left - element.scrollLeft, box.top + top - element.scrollTop, height);
            },
            contextElement: textarea.current ?? undefined,
          },
    [anchorStart],
  );

  useLayoutEffect(() => {
    const position = pendingCaret.current;
    if (position === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.setSelectionRange(position, position);
    setCaret(position);
  }, [value]);

  const choose = (user: TMentionableUser) => {
    if (!typed) return;
    const next = insertMention(value, typed, caret, user.fullName);
    setDismissed(typed.start);
    setActive(0);
    pendingCaret.current = next.caret;
    onChange(next.text);
    onMention({ id: user.id, fullName: user.fullName });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys that finish an input method's composition (Enter in Japanese, say) are not for us.
    if (event.nativeEvent.isComposing) return;
    if (open && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const count = users.length;
      if (event.key === 'Escape') {
        // Handled here: the review detail, which closes on Esc, leaves a handled key alone.
        event.preventDefault();
        if (typed) setDismissed(typed.start);
        return;
      }
      if (count > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        setActive((current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      const chosen = users[current];
      if (chosen && (event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        choose(chosen);
        return;
      }
    }
    // Ctrl/Cmd+Enter sends, as in most messaging tools; plain Enter makes a new line.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmitShortcut();
    }
  };

  const readCaret = () => setCaret(textarea.current?.selectionEnd ?? 0);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  return (
    <>
      <TextField
        id={id}
        label={label}
        placeholder={placeholder}
        multiline
        minRows={2}
        maxRows={10}
        fullWidth
        value={value}
        error={error}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionEnd ?? event.target.value.length);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          readCaret();
        }}
        onBlur={() => setFocused(false)}
        inputRef={textarea}
        slotProps={{
          htmlInput: {
            'data-testid': 'internal-comment-input',
            maxLength,
            readOnly,
            // Arrow keys, clicks and selections move the caret without a change.
            onSelect: readCaret,
            'aria-autocomplete': 'list',
            'aria-controls': open ? listboxId : undefined,
            'aria-activedescendant': open && users.length > 0 ? optionId(current) : undefined,
            'aria-describedby': describedBy,
            'aria-invalid': error || undefined,
          },
        }}
      />
      <Box role="status" sx={srOnly} data-testid="mention-status">
        {open && answered && users.length > 0 ? t('mentions.found', { count: users.length }) : ''}
      </Box>
      <Popper open={open && anchor !== null} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}>
        <Paper elevation={8} sx={{ mt: 0.5, minWidth: 240, maxWidth: 360, maxHeight: 280, overflowY: 'auto' }} data-testid="mention-suggestions">
          {users.length > 0 ? (
            <Box component="ul" role="listbox" id={listboxId} aria-label={t('mentions.suggestions')} sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}>
              {users.map((user, index) => (
                <ListItemButton
                  component="li"
                  key={user.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  selected={index === current}
                  data-testid="mention-option"
                  data-user-id={user.id}
                  // The textarea keeps focus (and its caret) when an option is clicked.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(user)}
                  tabIndex={-1}
                >
                  <ListItemText primary={user.fullName} secondary={user.email} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
                </ListItemButton>
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }} data-testid="mention-suggestions-state">
              {suggestions.isError ? t('mentions.error') : answered ? t('mentions.none', { query }) : t('mentions.loading')}
            </Typography>
          )}
        </Paper>
      </Popper>
    </>
  );
}
