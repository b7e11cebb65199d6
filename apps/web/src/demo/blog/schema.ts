/**
 * Shapes of the blog demo calls (docs/requirements/routes.md#blog, data.md#blog-post,
 * states.md#blog-status and calls.md):
 * - `GET /blog/list/data?q&category` → the posts, newest first (`q` on the title,
 *   case-insensitive; `category` one of the sidebar's);
 * - `GET /blog/list/data/sidebar` → `{recentPosts, categories}`;
 * - `GET /blog/list/data/detail?id` → `{blog, comments}` (without `id`, the newest post);
 * - `GET /blog/list/data/edit?id` → the edit form's data (without `id`, the newest post);
 * - extra calls the spec does not list (docs/decisions/0033-demo-content-pages.md):
 *   `POST /blog/list/data/edit {id, blogTitle, blogCategories, slug, status, excerpt,
 *   featuredImage}` → `{edit}` and `POST /blog/list/data/detail/comment {blogId, userFullName,
 *   email, website?, commentText}` → 201 `{comment}`.
 *
 * Times are ISO date-times; images are URLs (a chosen featured image is a `data:image/…` URL).
 * A post's `comment`/`comments` counts are the number of its stored comments.
 */
import { z } from 'zod';

/** The sidebar's categories (docs/requirements/data.md), also the tags a post can carry. */
export const BLOG_CATEGORIES = ['Fashion', 'Food', 'Gaming', 'Quote', 'Video'] as const;
/** Post statuses: Published is the spec's sample (docs/requirements/states.md); Pending and Draft
 * are the template's others. */
export const BLOG_STATUSES = ['Published', 'Pending', 'Draft'] as const;
/** Icon names of the categories (the template's Feather names). */
export const BLOG_CATEGORY_ICONS = ['Watch', 'ShoppingCart', 'Command', 'Hash', 'Video'] as const;

/** A featured image larger than this (as a data URL, in characters) is refused: it must fit the session's storage. */
export const MAX_FEATURED_IMAGE_CHARS = 1_500_000;

export const ZBlogCategory = z.enum(BLOG_CATEGORIES);
export const ZBlogStatus = z.enum(BLOG_STATUSES);

/** A post of the list (docs/requirements/data.md#blog-post); `comment` is its comment count. */
export const ZBlogPost = z.object({
  id: z.number().int(),
  img: z.string(),
  title: z.string().min(1),
  avatar: z.string(),
  userFullName: z.string().min(1),
  blogPosted: z.iso.datetime(),
  tags: z.array(ZBlogCategory),
  excerpt: z.string(),
  comment: z.number().int().nonnegative(),
});

export const ZRecentPost = z.object({ id: z.number().int(), img: z.string(), title: z.string(), createdTime: z.iso.datetime() });
export const ZSidebarCategory = z.object({ category: ZBlogCategory, icon: z.enum(BLOG_CATEGORY_ICONS) });
export const ZBlogSidebar = z.object({ recentPosts: z.array(ZRecentPost), categories: z.array(ZSidebarCategory) });

/** A comment (docs/requirements/data.md): `avatar` may be empty (initials are shown). */
export const ZBlogComment = z.object({ avatar: z.string(), userFullName: z.string().min(1), commentedAt: z.iso.datetime(), commentText: z.string().min(1) });

/** The detail's post (docs/requirements/data.md): `content` is HTML; `comments` and `bookmarked`
 * are counts. */
export const ZBlogDetailPost = z.object({
  id: z.number().int(),
  img: z.string(),
  title: z.string().min(1),
  avatar: z.string(),
  userFullName: z.string().min(1),
  createdTime: z.iso.datetime(),
  tags: z.array(ZBlogCategory),
  content: z.string(),
  comments: z.number().int().nonnegative(),
  bookmarked: z.number().int().nonnegative(),
});
export const ZBlogDetail = z.object({ blog: ZBlogDetailPost, comments: z.array(ZBlogComment) });

/** A category of the edit form's select (docs/requirements/data.md `blogCategories (value,
 * label)`). */
export const ZCategoryOption = z.object({ value: z.string(), label: ZBlogCategory });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The edit form's data (docs/requirements/data.md#edit); `featuredImage` may be empty (no
 * image). */
export const ZBlogEdit = z.object({
  id: z.number().int(),
  avatar: z.string(),
  userFullName: z.string().min(1),
  createdTime: z.iso.datetime(),
  blogTitle: z.string(),
  blogCategories: z.array(ZCategoryOption),
  slug: z.string(),
  status: ZBlogStatus,
  excerpt: z.string(),
  featuredImage: z.string(),
});

/** The body of the save call: what the form changes. Messages name the field. */
export const ZBlogSaveRequest = z.object({
  id: z.number().int(),
  blogTitle: z.string().trim().min(1, 'must not be empty').max(140, 'at most 140 characters'),
  blogCategories: z.array(ZCategoryOption).min(1, 'choose at least one category'),
  slug: z.string().trim().regex(SLUG, 'lower-case letters, digits and single hyphens only'),
  status: ZBlogStatus,
  excerpt: z.string().trim().min(1, 'must not be empty').max(2000, 'at most 2000 characters'),
  featuredImage: z
    .string()
    .max(MAX_FEATURED_IMAGE_CHARS, 'the image is too large')
    .refine((value) => value === '' || value.startsWith('data:image/') || value.startsWith('/') || /^https?:\/\//.test(value), 'must be an image URL'),
});

/** The body of the comment call. */
export const ZBlogCommentRequest = z.object({
  blogId: z.number().int(),
  userFullName: z.string().trim().min(1, 'must not be empty').max(80, 'at most 80 characters'),
  email: z.email('must be an email address'),
  website: z.union([z.literal(''), z.url('must be a web address')]).optional(),
  commentText: z.string().trim().min(1, 'must not be empty').max(1000, 'at most 1000 characters'),
});

export const ZBlogPosts = z.array(ZBlogPost);
export const ZBlogEditResponse = z.object({ edit: ZBlogEdit });
export const ZBlogCommentResponse = z.object({ comment: ZBlogComment });

export type TBlogCategory = z.infer<typeof ZBlogCategory>;
export type TBlogStatus = z.infer<typeof ZBlogStatus>;
export type TBlogPost = z.infer<typeof ZBlogPost>;
export type TBlogSidebar = z.infer<typeof ZBlogSidebar>;
export type TBlogComment = z.infer<typeof ZBlogComment>;
export type TBlogDetail = z.infer<typeof ZBlogDetail>;
export type TCategoryOption = z.infer<typeof ZCategoryOption>;
export type TBlogEdit = z.infer<typeof ZBlogEdit>;
export type TBlogSaveRequest = z.infer<typeof ZBlogSaveRequest>;
export type TBlogCommentRequest = z.input<typeof ZBlogCommentRequest>;
export type TBlogEditResponse = z.infer<typeof ZBlogEditResponse>;
export type TBlogCommentResponse = z.infer<typeof ZBlogCommentResponse>;
export type TDemoError = { message: string };

/** The list call's query. */
export interface BlogListParams {
  q?: string;
  category?: TBlogCategory;
}

/** Paths of the blog demo calls (docs/requirements/calls.md, plus the two extra calls above). */
export const BLOG_API = {
  list: '/blog/list/data',
  sidebar: '/blog/list/data/sidebar',
  detail: '/blog/list/data/detail',
  edit: '/blog/list/data/edit',
  comment: '/blog/list/data/detail/comment',
} as const;

/** The route of the blog pages. */
export const BLOG_BASE = '/pages/blog';

/** The option of a category in the edit form's select. */
export const categoryOption = (category: TBlogCategory): TCategoryOption => ({ value: category.toLowerCase(), label: category });
