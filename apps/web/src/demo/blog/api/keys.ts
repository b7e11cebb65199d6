/** TanStack Query keys of the blog demo; a save or a comment invalidates {@link blogKeys.all}. */
import type { BlogListParams } from '../schema.ts';

export const blogKeys = {
  all: ['demo', 'blog'] as const,
  list: (params: BlogListParams) => [...blogKeys.all, 'list', params] as const,
  sidebar: () => [...blogKeys.all, 'sidebar'] as const,
  detail: (id: number) => [...blogKeys.all, 'detail', id] as const,
  edit: (id: number) => [...blogKeys.all, 'edit', id] as const,
  /** The newest post's id (for the routes without an id). */
  newest: () => [...blogKeys.all, 'newest'] as const,
};
