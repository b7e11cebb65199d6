/**
 * The internal comments of a review: the thread (oldest first, mentions highlighted,
 * load more, empty and error states), adding a comment with a mention chosen from the
 * suggestions (keyboard and mouse), what is sent (only the teammates still named in the text),
 * the server's refusal under the composer, and no composer for viewers.
 */
import { API, type TAbilityRule, type TInternalCommentsRequest, type TMentionsUsersRequest } from '@dinedesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { commentsBackend, internalCommentFixture, MEENA, MEHUL, RAVI_MANAGER, type CommentsBackendData } from '../testing/comments-backend.ts';
import { InternalComments } from './internal-comments.tsx';

/** A viewer (apps/server/src/lib/ability.ts): reads the reviews and their internal thread, writes nothing. */
const VIEWER_RULES: TAbilityRule[] = [
  { action: 'read', subject: 'Review' },
  { action: 'read', subject: 'InternalComment' },
];

const REVIEW_ID = '500001';

/** Two comments on the review, the second one mentioning Meena; one on another review. */
const first = internalCommentFixture({ id: '9001', text: 'Called the guest; the refund went out this morning.', createdAt: '2025-01-09T14:00:00.000Z' });
const second = internalCommentFixture({
  id: '9002',
  authorUserId: 'u-3',
  authorName: 'Karan Das',
  text: '@Meena Iyer please check the kitchen log for that evening.',
  mentions: [{ id: MEENA.id, fullName: MEENA.fullName }],
  createdAt: '2025-01-10T09:30:00.000Z',
});
const elsewhere = internalCommentFixture({ id: '9003', reviewId: '500002', text: 'Not this review.' });

function setup(data: Partial<CommentsBackendData> = {}, rules: TAbilityRule[] = OWNER_RULES, handlers: RequestHandler[] = []) {
  const backend = commentsBackend({ comments: [first, second, elsewhere], ...data });
  backend.use(...handlers);
  const view = renderWithProviders(<InternalComments target={{ reviewId: REVIEW_ID }} />, { rules });
  return { backend, ...view, user: userEvent.setup({ delay: null }) };
}

const adds = (backend: ReturnType<typeof commentsBackend>) =>
  backend.callsTo(API.reviewComments, 'POST').map((c) => c.body as TInternalCommentsRequest).filter((b) => b.request === 'add');
const input = () => screen.getByTestId('internal-comment-input');
/** The suggested teammate named `fullName`, once it is listed (by test id: role queries are slow in jsdom). */
async function option(fullName: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByTestId('mention-option').find((o) => o.textContent?.startsWith(fullName));
    expect(found).toBeDefined();
  });
  return found!;
}

describe('InternalComments', () => {
  it('lists the review’s thread oldest first, with author, time and the mentions highlighted', async () => {
    const { backend } = setup();
    const section = screen.getByRole('region', { name: 'Internal comments' });
    expect(section).toHaveAccessibleDescription(/Only your team sees these comments\. They are never published/);

    const items = await within(section).findAllByTestId('internal-comment');
    expect(items.map((item) => item.getAttribute('data-comment-id'))).toEqual(['9001', '9002']);
    expect(within(items[0]!).getByTestId('internal-comment-author')).toHaveTextContent('Priya Nair');
    expect(within(items[0]!).getByText(first.text)).toBeInTheDocument();
    // Relative on screen, the absolute time in the title.
    const time = items[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', first.createdAt);
    expect(time.textContent).toMatch(/ago$/);
    expect(time.getAttribute('title')).toMatch(/2025/);

    const mention = within(items[1]!).getByTestId('mention');
    expect(mention).toHaveTextContent('@Meena Iyer');
    expect(mention).toHaveAttribute('data-user-id', MEENA.id);
    expect(items[1]!).toHaveTextContent('@Meena Iyer please check the kitchen log for that evening.');

    expect(backend.callsTo(API.reviewComments, 'POST')[0]?.body).toEqual({ request: 'list', reviewId: REVIEW_ID, limit: 50 });
  });

  it('loads the newer comments with the cursor', async () => {
    const many = Array.from({ length: 52 }, (_, i) =>
      internalCommentFixture({ id: String(9100 + i), text: `Note ${i + 1}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }),
    );
    const { backend, user } = setup({ comments: many });
    await waitFor(() => expect(screen.getAllByTestId('internal-comment')).toHaveLength(50));
    await user.click(screen.getByTestId('internal-comments-more'));
    await waitFor(() => expect(screen.getAllByTestId('internal-comment')).toHaveLength(52));
    expect(screen.getAllByTestId('internal-comment').at(-1)).toHaveTextContent('Note 52');
    expect(backend.callsTo(API.reviewComments, 'POST').at(-1)?.body).toEqual({ request: 'list', reviewId: REVIEW_ID, cursor: '50', limit: 50 });
    expect(screen.queryByTestId('internal-comments-more')).not.toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    setup({ comments: [] });
    expect(await screen.findByTestId('internal-comments-empty')).toHaveTextContent('No internal comments yet.');
  });

  it('shows the server’s message when the thread cannot be loaded', async () => {
    setup({}, OWNER_RULES, [handle.reviewComments(() => reply.error(404, { message: 'Review 500001 not found', field: 'body.reviewId' }))]);
    expect(await screen.findByText('Review 500001 not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('adds a comment with a teammate chosen by keyboard from the suggestions', async () => {
    const { backend, user } = setup();
    await screen.findAllByTestId('internal-comment');
    await user.click(input());
    await user.paste('Please ');
    await user.type(input(), '@Me');

    // Suggestions of the teammates matching what follows the @, asked once the typing paused.
    const list = await screen.findByRole('listbox', { name: 'Teammates to mention' });
    // "Me" is in Meena's and Mehul's names, and in Ravi Menon's (name or email, anywhere).
    await waitFor(() =>
      expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
        `${MEENA.fullName}${MEENA.email}`,
        `${MEHUL.fullName}${MEHUL.email}`,
        `${RAVI_MANAGER.fullName}${RAVI_MANAGER.email}`,
      ]),
    );
    const asked = backend.callsTo(API.mentionsUsers, 'POST').map((c) => c.body as TMentionsUsersRequest);
    expect(asked.at(-1)).toEqual({ reviewId: REVIEW_ID, q: 'Me' });
    expect(asked.every((body) => body.q?.startsWith('M'))).toBe(true);
    expect(input()).toHaveAttribute('aria-controls', list.id);
    await waitFor(() => expect(screen.getByTestId('mention-status')).toHaveTextContent('3 teammates found'));
    expect(screen.getByTestId('mention-status')).toHaveAttribute('role', 'status');

    // ↓ moves to Mehul (the active option is the textarea's active descendant); ↑ and ↓ wrap around.
    const [meena, mehul] = within(list).getAllByRole('option');
    expect(input()).toHaveAttribute('aria-activedescendant', meena!.id);
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', mehul!.id);
    expect(mehul).toHaveAttribute('aria-selected', 'true');
    const ravi = within(list).getAllByRole('option')[2]!;
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', meena!.id);
    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', ravi.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', mehul!.id);

    await user.keyboard('{Enter}');
    expect(input()).toHaveValue('Please @Mehul Shah ');
    await waitFor(() => expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument());
    await user.paste('can you call the guest?');
    expect(input()).toHaveValue('Please @Mehul Shah can you call the guest?');
    // The popup stays closed after a chosen name, also while the sentence goes on.
    expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('internal-comment-submit'));
    await waitFor(() => expect(adds(backend)).toHaveLength(1));
    expect(adds(backend)[0]).toEqual({ request: 'add', reviewId: REVIEW_ID, text: 'Please @Mehul Shah can you call the guest?', mentionUserIds: [MEHUL.id] });

    // At the end of the thread at once, the mention highlighted; the field is cleared.
    await waitFor(() => expect(screen.getAllByTestId('internal-comment')).toHaveLength(3));
    const added = screen.getAllByTestId('internal-comment').at(-1)!;
    expect(within(added).getByTestId('internal-comment-author')).toHaveTextContent('Asha Rao');
    expect(within(added).getByTestId('mention')).toHaveTextContent('@Mehul Shah');
    expect(input()).toHaveValue('');
  });

  it('chooses with a click and Tab, closes on Esc without the key going further, and sends Ctrl+Enter', async () => {
    const { backend, user } = setup();
    await screen.findAllByTestId('internal-comment');
    await user.type(input(), '@rav');
    await user.click(await option(RAVI_MANAGER.fullName));
    expect(input()).toHaveValue('@Ravi Menon ');
    expect(input()).toHaveFocus();

    await user.paste('and ');
    await user.type(input(), '@mee');
    await option(MEENA.fullName);
    await user.keyboard('{Tab}');
    expect(input()).toHaveValue('@Ravi Menon and @Meena Iyer ');
    expect(input()).toHaveFocus();

    await user.paste('see ');
    await user.type(input(), '@Meh');
    await option(MEHUL.fullName);
    // Esc is handled here: the review detail, which closes on Esc, sees a handled key.
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    fireEvent(input(), escape);
    expect(escape.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument());

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(adds(backend)).toHaveLength(1));
    expect(adds(backend)[0]).toMatchObject({ text: '@Ravi Menon and @Meena Iyer see @Meh', mentionUserIds: [RAVI_MANAGER.id, MEENA.id] });
  });

  it('does not send a chosen teammate whose @name was edited out of the text', async () => {
    const { backend, user } = setup();
    await screen.findAllByTestId('internal-comment');
    await user.type(input(), 'Ask @Mee');
    await option(MEENA.fullName);
    await user.keyboard('{Enter}');
    expect(input()).toHaveValue('Ask @Meena Iyer ');
    // The name loses its last letters: it no longer names her.
    await user.type(input(), '{Backspace}{Backspace}{Backspace}{Backspace} about it');
    expect(input()).toHaveValue('Ask @Meena I about it');
    await user.click(screen.getByTestId('internal-comment-submit'));
    await waitFor(() => expect(adds(backend)).toHaveLength(1));
    expect(adds(backend)[0]).toEqual({ request: 'add', reviewId: REVIEW_ID, text: 'Ask @Meena I about it', mentionUserIds: [] });
  });

  it('closes the suggestions on a sentence that names no one, and says when a name matches no one', async () => {
    const { backend, user } = setup();
    await screen.findAllByTestId('internal-comment');
    await user.type(input(), '@zed');
    await waitFor(() => expect(screen.getByTestId('mention-suggestions-state')).toHaveTextContent('No teammate who can see this outlet matches “zed”.'));
    await user.paste(' is off today');
    // Asked once more, as it could be a name with a space ("@Meena Iyer")…
    await waitFor(() => expect(backend.callsTo(API.mentionsUsers, 'POST').at(-1)?.body).toEqual({ reviewId: REVIEW_ID, q: 'zed is off today' }));
    await waitFor(() => expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument());
    const before = backend.callsTo(API.mentionsUsers, 'POST').length;
    await user.paste(' and tomorrow');
    // Longer text after that @ is not asked about: no one's name holds "zed is off today".
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(backend.callsTo(API.mentionsUsers, 'POST')).toHaveLength(before);
    expect(screen.queryByTestId('mention-suggestions')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under the composer and keeps the text', async () => {
    const refuse = handle.reviewComments(({ body }) =>
      body.request === 'add' ? reply.error(400, { message: 'text must be at most 4000 characters', field: 'body.text' }) : { data: [], paging: { nextCursor: null } },
    );
    const { user } = setup({}, OWNER_RULES, [refuse]);
    await screen.findByTestId('internal-comments-empty');
    await user.type(input(), 'A note');
    await user.click(screen.getByTestId('internal-comment-submit'));
    const alert = await screen.findByTestId('internal-comment-error');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('text must be at most 4000 characters');
    expect(input()).toHaveValue('A note');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input().getAttribute('aria-describedby')).toContain(alert.id);
    // Editing the text clears the message, which was about the text sent.
    await user.type(input(), '!');
    expect(screen.queryByTestId('internal-comment-error')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a mention', async () => {
    const { backend, user } = setup();
    await screen.findAllByTestId('internal-comment');
    await user.type(input(), 'Ask @Meh');
    await option(MEHUL.fullName);
    await user.keyboard('{Enter}');
    // Mehul was removed from the outlet meanwhile: the server refuses the mention.
    backend.data.teammates = [MEENA];
    await user.click(screen.getByTestId('internal-comment-submit'));
    expect(await screen.findByTestId('internal-comment-error')).toHaveTextContent(`mentionUserIds: ${MEHUL.id} cannot be mentioned here`);
    expect(screen.getAllByTestId('internal-comment')).toHaveLength(2);
  });

  it('counts the characters left near the limit, and the field takes no more', async () => {
    const { user } = setup({ comments: [] });
    await screen.findByTestId('internal-comments-empty');
    expect(input()).toHaveAttribute('maxlength', '4000');
    fireEvent.change(input(), { target: { value: 'x'.repeat(3500) } });
    expect(screen.queryByTestId('internal-comment-counter')).not.toBeInTheDocument();
    fireEvent.change(input(), { target: { value: 'x'.repeat(3650) } });
    expect(screen.getByTestId('internal-comment-counter')).toHaveTextContent('350 characters left');
    await user.clear(input());
    expect(screen.queryByTestId('internal-comment-counter')).not.toBeInTheDocument();
  });

  it('shows viewers the thread without a composer', async () => {
    setup({}, VIEWER_RULES);
    await screen.findAllByTestId('internal-comment');
    expect(screen.queryByTestId('internal-comment-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('internal-comment-submit')).not.toBeInTheDocument();
    expect(screen.getByTestId('internal-comments-read-only')).toHaveTextContent('Your role can read the internal comments but not write them.');
  });
});
