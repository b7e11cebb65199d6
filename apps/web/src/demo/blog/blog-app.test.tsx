/**
 * The blog screens against the real demo handlers (`msw/node`): the list with its search and
 * category (in the URL) and sidebar, a post with its comments and the comment form (checked,
 * then posted), and the editor (react-hook-form + zod): an invalid slug refused, then title,
 * categories, status and a picked image saved and shown on the post.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import BlogApp from './blog-app.tsx';
import { createBlogDb, type BlogDb } from './data.ts';
import { createBlogHandlers } from './handlers.ts';

let db: BlogDb;
setupDemoServer(() => {
  const state = memoryState(() => createBlogDb());
  db = state.data;
  return createBlogHandlers(state);
});

beforeAll(() => i18n.loadNamespaces(['demo-blog']));

/** Types `text` into `field` at once (typing key by key is slow on a loaded machine). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const titles = () => within(screen.getByTestId('blog-list')).getAllByTestId('blog-post-title').map((link) => link.textContent);
const newestFirst = () => [...db.posts].sort((a, b) => b.createdTime.localeCompare(a.createdTime));

describe('blog', () => {
  it('lists the posts newest first, searches titles and filters by category from the sidebar', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<BlogApp />, { path: '/pages/blog/list' });
    await screen.findByTestId('blog-list');
    expect(titles()).toEqual(newestFirst().map((post) => post.title));
    const recent = await screen.findByTestId('blog-recent-posts');
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(newestFirst().slice(0, 4).map((post) => post.title));

    await user.type(screen.getByTestId('blog-search'), 'game');
    expect(location.current?.search).toBe('?q=game');
    await waitFor(() => expect(titles()).toEqual(newestFirst().filter((post) => post.title.toLowerCase().includes('game')).map((post) => post.title)));
    await user.type(screen.getByTestId('blog-search'), 'zzz');
    expect(await screen.findByTestId('blog-no-results')).toHaveTextContent('No posts found');
    await user.clear(screen.getByTestId('blog-search'));

    await user.click(screen.getByTestId('blog-category-Video'));
    expect(location.current?.search).toBe('?category=Video');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog: Video' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(newestFirst().filter((post) => post.tags.includes('Video')).map((post) => post.title)));
    expect(screen.getByTestId('blog-category-Video')).toHaveAttribute('aria-current', 'page');
  });

  it('opens a post, refuses an incomplete comment, then posts one', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<BlogApp />, { path: '/pages/blog/list' });
    await screen.findByTestId('blog-list');
    const target = newestFirst()[1];
    if (!target) throw new Error('no post');
    await user.click(within(screen.getByTestId('blog-list')).getByRole('link', { name: target.title }));
    expect(location.current?.pathname).toBe(`/pages/blog/detail/${target.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: target.title })).toBeInTheDocument();
    expect(screen.getByTestId('blog-detail-content').querySelector('blockquote')).not.toBeNull();
    expect(screen.getAllByTestId('blog-comment')).toHaveLength(target.comments.length);
    const count = target.comments.length;
    expect(screen.getByTestId('blog-detail-comments')).toHaveTextContent(count === 1 ? '1 comment' : `${count} comments`);

    const form = screen.getByTestId('blog-comment-form');
    await fill(user, within(form).getByTestId('blog-comment-email'), 'not an email');
    await user.click(within(form).getByTestId('blog-comment-submit'));
    expect(await within(form).findByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(within(form).getAllByText('Please fill in this field.')).toHaveLength(2);
    expect(db.posts.find((post) => post.id === target.id)?.comments).toHaveLength(count);

    await fill(user, within(form).getByTestId('blog-comment-name'), 'Ada Byron');
    await fill(user, within(form).getByTestId('blog-comment-email'), 'ada@example.com');
    await fill(user, within(form).getByTestId('blog-comment-text'), 'We loved the fresh pasta!');
    await user.click(within(form).getByTestId('blog-comment-submit'));
    await waitFor(() => expect(screen.getAllByTestId('blog-comment')).toHaveLength(count + 1));
    expect(screen.getAllByTestId('blog-comment').at(-1)).toHaveTextContent('We loved the fresh pasta!');
    expect(screen.getByTestId('blog-detail-comments')).toHaveTextContent(`${count + 1} comments`);
    expect(within(form).getByTestId('blog-comment-text')).toHaveValue('');
    expect(screen.getByTestId('blog-toast')).toHaveTextContent('Your comment is posted.');
  });

  // Many steps through MUI selects: give it room on a loaded machine.
  it('edits a post: refuses a bad slug, then saves title, categories, status and a picked image', { timeout: 45_000 }, async () => {
    // `applyAccept: false`: the visitor may pick any file in the browser's dialog ("All files").
    const user = userEvent.setup({ applyAccept: false });
    const { location } = renderWithProviders(<BlogApp />, { path: '/pages/blog/detail' });
    const newest = newestFirst()[0];
    if (!newest) throw new Error('no post');
    await waitFor(() => expect(location.current?.pathname).toBe(`/pages/blog/detail/${newest.id}`));
    await user.click(await screen.findByTestId('blog-edit-link'));
    expect(location.current?.pathname).toBe(`/pages/blog/edit/${newest.id}`);
    const form = await screen.findByTestId('blog-edit-form');
    expect(within(form).getByTestId('blog-edit-title')).toHaveValue(newest.title);
    expect(within(form).getByTestId('blog-edit-slug')).toHaveValue(newest.slug);
    expect(newest.tags).toEqual(['Food', 'Quote']);

    await fill(user, within(form).getByTestId('blog-edit-title'), 'Ten dishes we cook on Sundays');
    await fill(user, within(form).getByTestId('blog-edit-slug'), 'Bad Slug!');
    await user.click(within(form).getByTestId('blog-edit-save'));
    expect(await within(form).findByText('Use lower-case letters, digits and single hyphens only.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'From title' }));
    expect(within(form).getByTestId('blog-edit-slug')).toHaveValue('ten-dishes-we-cook-on-sundays');

    await user.click(within(form).getByRole('combobox', { name: /Categories/ }));
    await user.click(await screen.findByTestId('blog-edit-category-Video'));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));

    await user.upload(within(form).getByTestId('blog-edit-image-input'), new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('This file is not a picture.');
    await user.upload(within(form).getByTestId('blog-edit-image-input'), new File([new Uint8Array([137, 80, 78, 71])], 'plate.png', { type: 'image/png' }));
    await waitFor(() => expect(within(form).getByTestId('blog-edit-image-preview')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/)));

    await user.click(within(form).getByTestId('blog-edit-save'));
    await waitFor(() => expect(location.current?.pathname).toBe(`/pages/blog/detail/${newest.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten dishes we cook on Sundays' })).toBeInTheDocument();
    expect(screen.getByTestId('blog-toast')).toHaveTextContent('The post is saved.');
    const stored = db.posts.find((post) => post.id === newest.id);
    expect(stored).toMatchObject({ title: 'Ten dishes we cook on Sundays', slug: 'ten-dishes-we-cook-on-sundays', status: 'Pending' });
    expect(stored?.tags).toEqual(['Food', 'Quote', 'Video']);
    expect(stored?.img).toMatch(/^data:image\/png;base64,/);
  });

  it('says when another post already uses the slug', async () => {
    const user = userEvent.setup();
    const other = db.posts[0];
    renderWithProviders(<BlogApp />, { path: '/pages/blog/edit/2' });
    const form = await screen.findByTestId('blog-edit-form');
    await fill(user, within(form).getByTestId('blog-edit-slug'), other?.slug ?? '');
    await user.click(within(form).getByTestId('blog-edit-save'));
    expect(await screen.findByTestId('blog-edit-error')).toHaveTextContent('Another post already uses this slug.');
  });

  it('says "not found" for an unknown post', async () => {
    renderWithProviders(<BlogApp />, { path: '/pages/blog/detail/999' });
    expect(await screen.findByTestId('blog-problem')).toHaveTextContent('This post does not exist.');
  });
});
