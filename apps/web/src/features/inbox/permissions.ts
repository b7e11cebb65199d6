/**
 * What the inbox checks (docs/requirements/roles.md; server: apps/server lib/ability.ts). Reading
 * the inbox needs `read Conversation`, declared by its route and menu entry (layout/navigation.ts);
 * sending and reacting need `create Message`. The server checks both on every call; the client only
 * hides controls.
 */
export const INBOX_SUBJECTS = { conversation: 'Conversation', message: 'Message' } as const;

export const SEND_MESSAGE = { action: 'create', subject: INBOX_SUBJECTS.message } as const;

/** Reactions offered on guest messages (Messenger's quick set). */
export const REACTIONS = ['❤️', '😂', '😮', '😢', '😡', '👍'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** i18n name of each reaction, for button labels. */
export const REACTION_NAMES: Readonly<Record<Reaction, 'love' | 'laugh' | 'wow' | 'sad' | 'angry' | 'like'>> = {
  '❤️': 'love',
  '😂': 'laugh',
  '😮': 'wow',
  '😢': 'sad',
  '😡': 'angry',
  '👍': 'like',
};
