/**
 * The blog demo's mock rules (docs/requirements/data.md, states.md and calls.md) through the real
 * handlers on `msw/node`, each test over fresh posts: the list (newest first, q on titles,
 * category, 400), the sidebar (recent posts, the five categories), detail and edit shapes (newest
 * without an id, 400/404), and the two extra calls: saving an edit (fields, unique slug, 400/404)
 * and adding a comment (201, counts follow).
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createBlogDb, type BlogDb } from './data.ts';
import { createBlogHandlers, RECENT_POSTS } from './handlers.ts';
import {
  BLOG_API,
  BLOG_CATEGORIES,
  categoryOption,
  ZBlogCommentResponse,
  ZBlogDetail,
  ZBlogEdit,
  ZBlogEditResponse,
  ZBlogPosts,
  ZBlogSidebar,
  type TBlogPost,
  type TBlogSaveRequest,
} from './schema.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
let db: BlogDb;
setupDemoServer(() => {
  const state = memoryState(() => createBlogDb(NOW));
  db = state.data;
  return createBlogHandlers(state);
});

async function list(query = ''): Promise<TBlogPost[]> {
  const response = await fetch(`${BLOG_API.list}${query}`);
  expect(response.status).toBe(200);
  return ZBlogPosts.parse(await response.json());
}

const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const newestId = () => [...db.posts].sort((a, b) => b.createdTime.localeCompare(a.createdTime))[0]?.id;

describe('GET /blog/list/data', () => {
  it('answers every post newest first, with its comment count', async () => {
    const posts = await list();
    expect(posts).toHaveLength(db.posts.length);
    const times = posts.map((item) => item.blogPosted);
    expect(times).toEqual([...times].sort().reverse());
    for (const item of posts) expect(item.comment).toBe(db.posts.find((stored) => stored.id === item.id)?.comments.length);
    expect(posts.every((item) => item.tags.every((tag) => (BLOG_CATEGORIES as readonly string[]).includes(tag)))).toBe(true);
  });

  it('filters q on the title, case-insensitive', async () => {
    const found = await list('?q=PASTA');
    expect(found.map((item) => item.title)).toEqual(db.posts.filter((stored) => stored.title.toLowerCase().includes('pasta')).map((stored) => stored.title));
    expect(found.length).toBeGreaterThan(0);
    expect(await list('?q=zzz-nothing')).toEqual([]);
  });

  it('filters by category, and refuses an unknown one', async () => {
    for (const category of BLOG_CATEGORIES) {
      const found = await list(`?category=${category}`);
      expect(found.length, category).toBeGreaterThan(0);
      expect(found.every((item) => item.tags.includes(category))).toBe(true);
      expect(found).toHaveLength(db.posts.filter((stored) => stored.tags.includes(category)).length);
    }
    const bad = await fetch(`${BLOG_API.list}?category=Sports`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'category must be one of Fashion, Food, Gaming, Quote, Video' });
  });
});

describe('GET /blog/list/data/sidebar', () => {
  it('answers the newest posts and the five categories with icons', async () => {
    const response = await fetch(BLOG_API.sidebar);
    expect(response.status).toBe(200);
    const sidebar = ZBlogSidebar.parse(await response.json());
    expect(sidebar.recentPosts).toHaveLength(RECENT_POSTS);
    expect(sidebar.recentPosts.map((item) => item.id)).toEqual((await list()).slice(0, RECENT_POSTS).map((item) => item.id));
    expect(sidebar.categories.map((item) => item.category)).toEqual(['Fashion', 'Food', 'Gaming', 'Quote', 'Video']);
  });
});

describe('GET /blog/list/data/detail', () => {
  it('answers a post with its content, counts and comments', async () => {
    const stored = db.posts[3];
    if (!stored) throw new Error('no post');
    const response = await fetch(`${BLOG_API.detail}?id=${stored.id}`);
    expect(response.status).toBe(200);
    const detail = ZBlogDetail.parse(await response.json());
    expect(detail.blog).toMatchObject({ id: stored.id, title: stored.title, createdTime: stored.createdTime, content: stored.content, comments: stored.comments.length, bookmarked: stored.bookmarked });
    expect(detail.comments).toEqual(stored.comments);
    expect(detail.blog.content).toContain('<p>');
  });

  it('answers the newest post without an id; 400 for a malformed id, 404 for an unknown one', async () => {
    const detail = ZBlogDetail.parse(await (await fetch(BLOG_API.detail)).json());
    expect(detail.blog.id).toBe(newestId());
    expect((await fetch(`${BLOG_API.detail}?id=abc`)).status).toBe(400);
    const missing = await fetch(`${BLOG_API.detail}?id=999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No post 999' });
  });
});

describe('GET /blog/list/data/edit', () => {
  it('answers the edit form’s fields', async () => {
    const stored = db.posts[0];
    if (!stored) throw new Error('no post');
    const edit = ZBlogEdit.parse(await (await fetch(`${BLOG_API.edit}?id=${stored.id}`)).json());
    expect(edit).toEqual({
      id: stored.id,
      avatar: stored.avatar,
      userFullName: stored.userFullName,
      createdTime: stored.createdTime,
      blogTitle: stored.title,
      blogCategories: stored.tags.map(categoryOption),
      slug: stored.slug,
      status: stored.status,
      excerpt: stored.excerpt,
      featuredImage: stored.img,
    });
    expect(db.posts.map((item) => item.status)).toEqual(expect.arrayContaining(['Published', 'Pending', 'Draft']));
  });

  it('answers the newest post without an id and 404 for an unknown one', async () => {
    expect(ZBlogEdit.parse(await (await fetch(BLOG_API.edit)).json()).id).toBe(newestId());
    expect((await fetch(`${BLOG_API.edit}?id=999`)).status).toBe(404);
  });
});

describe('POST /blog/list/data/edit (extra call)', () => {
  const request = (changes: Partial<TBlogSaveRequest> = {}): TBlogSaveRequest => ({
    id: 2,
    blogTitle: 'Ramen after midnight',
    blogCategories: [categoryOption('Food'), categoryOption('Gaming')],
    slug: 'ramen-after-midnight',
    status: 'Published',
    excerpt: 'Why we keep the kitchen open late.',
    featuredImage: 'data:image/png;base64,iVBORw0KGgo=',
    ...changes,
  });

  it('saves the fields and answers the new edit data; the list and detail follow', async () => {
    const response = await post(BLOG_API.edit, request());
    expect(response.status).toBe(200);
    const { edit } = ZBlogEditResponse.parse(await response.json());
    expect(edit).toMatchObject({ id: 2, blogTitle: 'Ramen after midnight', slug: 'ramen-after-midnight', status: 'Published', featuredImage: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(edit.blogCategories.map((option) => option.label)).toEqual(['Food', 'Gaming']);
    expect(db.posts[1]).toMatchObject({ title: 'Ramen after midnight', tags: ['Food', 'Gaming'], excerpt: 'Why we keep the kitchen open late.' });
    expect((await list('?q=midnight')).map((item) => item.id)).toEqual([2]);
    expect(ZBlogDetail.parse(await (await fetch(`${BLOG_API.detail}?id=2`)).json()).blog.img).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('refuses a slug another post uses, naming the field', async () => {
    const other = db.posts[4];
    if (!other) throw new Error('no post');
    const response = await post(BLOG_API.edit, request({ slug: other.slug }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: `slug: already used by post ${other.id}` });
  });

  it('refuses bad fields with 400 naming them, and an unknown post with 404', async () => {
    const cases: [Partial<TBlogSaveRequest>, string][] = [
      [{ blogTitle: '  ' }, 'blogTitle: must not be empty'],
      [{ blogCategories: [] }, 'blogCategories: choose at least one category'],
      [{ slug: 'Not A Slug' }, 'slug: lower-case letters, digits and single hyphens only'],
      [{ status: 'Archived' as never }, 'status'],
      [{ featuredImage: 'javascript:alert(1)' }, 'featuredImage: must be an image URL'],
    ];
    for (const [changes, message] of cases) {
      const response = await post(BLOG_API.edit, request(changes));
      expect(response.status, message).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect((await post(BLOG_API.edit, request({ id: 999 }))).status).toBe(404);
    expect(db.posts[1]?.title).not.toBe('Ramen after midnight');
  });
});

describe('POST /blog/list/data/detail/comment (extra call)', () => {
  it('adds the comment (201) and the counts follow', async () => {
    const before = db.posts[0]?.comments.length ?? 0;
    const response = await post(BLOG_API.comment, { blogId: 1, userFullName: ' Ada Byron ', email: 'ada@example.com', commentText: 'Loved the quotes!' });
    expect(response.status).toBe(201);
    const { comment } = ZBlogCommentResponse.parse(await response.json());
    expect(comment).toMatchObject({ avatar: '', userFullName: 'Ada Byron', commentText: 'Loved the quotes!' });
    const detail = ZBlogDetail.parse(await (await fetch(`${BLOG_API.detail}?id=1`)).json());
    expect(detail.comments.at(-1)).toEqual(comment);
    expect(detail.blog.comments).toBe(before + 1);
    expect((await list()).find((item) => item.id === 1)?.comment).toBe(before + 1);
  });

  it('refuses a bad body with 400 naming the field, and an unknown post with 404', async () => {
    const bad = await post(BLOG_API.comment, { blogId: 1, userFullName: 'Ada', email: 'not-an-email', commentText: 'Hi' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^email: /);
    const empty = await post(BLOG_API.comment, { blogId: 1, userFullName: 'Ada', email: 'ada@example.com', commentText: ' ' });
    expect(((await empty.json()) as { message: string }).message).toBe('commentText: must not be empty');
    expect((await post(BLOG_API.comment, { blogId: 999, userFullName: 'Ada', email: 'ada@example.com', commentText: 'Hi' })).status).toBe(404);
  });
});
