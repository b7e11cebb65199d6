/**
 * MSW handlers of the blog demo (docs/requirements/data.md, states.md and
 * calls.md#demo-mock-calls), over a `DemoState<BlogDb>` (changes are kept for the browser session):
 * - `GET /blog/list/data?q&category` → posts newest first; `q` on the title
 *   (case-insensitive), `category` one of the sidebar's (400 otherwise);
 * - `GET /blog/list/data/sidebar` → the 4 newest posts and the five categories;
 * - `GET /blog/list/data/detail?id` → `{blog, comments}`; without `id` the newest post;
 * - `GET /blog/list/data/edit?id` → the edit form's data; without `id` the newest post;
 * - `POST /blog/list/data/edit {...}` → `{edit}`: saves title, categories, slug (unique
 *   among posts), status, excerpt and featured image (an extra call, docs/decisions 0033);
 * - `POST /blog/list/data/detail/comment {...}` → 201 `{comment}`, appended to the post's
 *   comments (an extra call, docs/decisions 0033).
 *
 * A malformed `id` or body gets 400 with a `message` naming the field; an unknown post 404.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { BlogDb, BlogDbPost } from './data.ts';
import {
  BLOG_API,
  BLOG_CATEGORIES,
  BLOG_CATEGORY_ICONS,
  categoryOption,
  ZBlogCategory,
  ZBlogCommentRequest,
  ZBlogSaveRequest,
  type BlogListParams,
  type TBlogComment,
  type TBlogCommentResponse,
  type TBlogDetail,
  type TBlogEdit,
  type TBlogEditResponse,
  type TBlogPost,
  type TBlogSidebar,
  type TDemoError,
} from './schema.ts';

/** How many posts the sidebar's "Recent posts" shows. */
export const RECENT_POSTS = 4;

const errorResponse = (status: number, message: string) => HttpResponse.json<TDemoError>({ message }, { status });

/** The first issue of a failed parse, as "field: problem". */
function describeIssue(issues: readonly { path: PropertyKey[]; message: string }[], fallback: string): string {
  const issue = issues[0];
  if (!issue) return fallback;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Newest first (publication time, then id). */
const newestFirst = (a: BlogDbPost, b: BlogDbPost) => b.createdTime.localeCompare(a.createdTime) || b.id - a.id;

/** The list's view of a post. */
export function listPostOf(post: BlogDbPost): TBlogPost {
  return {
    id: post.id,
    img: post.img,
    title: post.title,
    avatar: post.avatar,
    userFullName: post.userFullName,
    blogPosted: post.createdTime,
    tags: [...post.tags],
    excerpt: post.excerpt,
    comment: post.comments.length,
  };
}

/** The edit form's view of a post. */
export function editOf(post: BlogDbPost): TBlogEdit {
  return {
    id: post.id,
    avatar: post.avatar,
    userFullName: post.userFullName,
    createdTime: post.createdTime,
    blogTitle: post.title,
    blogCategories: post.tags.map(categoryOption),
    slug: post.slug,
    status: post.status,
    excerpt: post.excerpt,
    featuredImage: post.img,
  };
}

/** The posts of a list (see the module comment). */
export function listPosts(posts: readonly BlogDbPost[], { q = '', category }: BlogListParams): TBlogPost[] {
  const query = q.trim().toLowerCase();
  return posts
    .filter((post) => post.title.toLowerCase().includes(query) && (!category || post.tags.includes(category)))
    .sort(newestFirst)
    .map(listPostOf);
}

/**
 * The post an `?id` names: the newest without one; a 400 for a malformed id, a 404 for an
 * unknown one.
 */
function postOf(db: BlogDb, url: URL): BlogDbPost | Response {
  const raw = url.searchParams.get('id');
  if (raw === null || raw.trim() === '') {
    const newest = [...db.posts].sort(newestFirst)[0];
    return newest ?? errorResponse(404, 'There are no posts');
  }
  const id = Number(raw);
  if (!Number.isInteger(id)) return errorResponse(400, 'id must be an integer post id');
  return db.posts.find((post) => post.id === id) ?? errorResponse(404, `No post ${id}`);
}

async function jsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

/** The blog demo handlers over `state` (its data is changed in place and saved). */
export function createBlogHandlers(state: DemoState<BlogDb>): RequestHandler[] {
  const db = state.data;
  return [
    http.get<never, never, TBlogPost[] | TDemoError>(BLOG_API.list, ({ request }) => {
      const url = new URL(request.url);
      const params: BlogListParams = {};
      const q = url.searchParams.get('q');
      if (q) params.q = q;
      const category = url.searchParams.get('category');
      if (category) {
        const parsed = ZBlogCategory.safeParse(category);
        if (!parsed.success) return errorResponse(400, `category must be one of ${BLOG_CATEGORIES.join(', ')}`);
        params.category = parsed.data;
      }
      return HttpResponse.json(listPosts(db.posts, params));
    }),

    http.get<never, never, TBlogSidebar>(BLOG_API.sidebar, () =>
      HttpResponse.json({
        recentPosts: [...db.posts]
          .sort(newestFirst)
          .slice(0, RECENT_POSTS)
          .map((post) => ({ id: post.id, img: post.img, title: post.title, createdTime: post.createdTime })),
        categories: BLOG_CATEGORIES.map((category, index) => ({ category, icon: BLOG_CATEGORY_ICONS[index] ?? 'Hash' })),
      }),
    ),

    http.get<never, never, TBlogDetail | TDemoError>(BLOG_API.detail, ({ request }) => {
      const post = postOf(db, new URL(request.url));
      if (post instanceof Response) return post;
      return HttpResponse.json({
        blog: {
          id: post.id,
          img: post.img,
          title: post.title,
          avatar: post.avatar,
          userFullName: post.userFullName,
          createdTime: post.createdTime,
          tags: [...post.tags],
          content: post.content,
          comments: post.comments.length,
          bookmarked: post.bookmarked,
        },
        comments: structuredClone(post.comments),
      });
    }),

    http.get<never, never, TBlogEdit | TDemoError>(BLOG_API.edit, ({ request }) => {
      const post = postOf(db, new URL(request.url));
      if (post instanceof Response) return post;
      return HttpResponse.json(editOf(post));
    }),

    http.post<never, DefaultBodyType, TBlogEditResponse | TDemoError>(BLOG_API.edit, async ({ request }) => {
      const parsed = ZBlogSaveRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return errorResponse(400, describeIssue(parsed.error.issues, 'Body must be the edited post'));
      const changes = parsed.data;
      const post = db.posts.find((candidate) => candidate.id === changes.id);
      if (!post) return errorResponse(404, `No post ${changes.id}`);
      const slug = changes.slug.trim();
      const taken = db.posts.find((other) => other.id !== post.id && other.slug === slug);
      if (taken) return errorResponse(400, `slug: already used by post ${taken.id}`);
      Object.assign(post, {
        title: changes.blogTitle.trim(),
        tags: [...new Set(changes.blogCategories.map((option) => option.label))],
        slug,
        status: changes.status,
        excerpt: changes.excerpt.trim(),
        img: changes.featuredImage,
      });
      state.save();
      return HttpResponse.json({ edit: editOf(post) });
    }),

    http.post<never, DefaultBodyType, TBlogCommentResponse | TDemoError>(BLOG_API.comment, async ({ request }) => {
      const parsed = ZBlogCommentRequest.safeParse(await jsonBody(request));
      if (!parsed.success) return errorResponse(400, describeIssue(parsed.error.issues, 'Body must be {blogId, userFullName, email, commentText}'));
      const post = db.posts.find((candidate) => candidate.id === parsed.data.blogId);
      if (!post) return errorResponse(404, `No post ${parsed.data.blogId}`);
      const comment: TBlogComment = { avatar: '', userFullName: parsed.data.userFullName.trim(), commentedAt: new Date().toISOString(), commentText: parsed.data.commentText.trim() };
      post.comments.push(comment);
      state.save();
      return HttpResponse.json({ comment: structuredClone(comment) }, { status: 201 });
    }),
  ];
}
