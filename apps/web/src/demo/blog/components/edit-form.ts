/**
 * The blog editor's form: values, the zod schema of react-hook-form's resolver (messages are
 * `demo-blog:errors.*` keys), the form made from a post's edit data, and the save call's body
 * made from a valid form. The featured image is read from a file the visitor picks.
 */
import { z } from 'zod';
import { BLOG_CATEGORIES, categoryOption, MAX_FEATURED_IMAGE_CHARS, ZBlogCategory, ZBlogStatus, type TBlogEdit, type TBlogSaveRequest } from '../schema.ts';

/** Largest image file accepted, in bytes (its data URL must stay under {@link MAX_FEATURED_IMAGE_CHARS}). */
export const MAX_IMAGE_BYTES = 1024 * 1024;

export const ZEditForm = z.object({
  blogTitle: z.string().trim().min(1, 'required').max(140, 'tooLong'),
  blogCategories: z.array(ZBlogCategory).min(1, 'categories'),
  slug: z
    .string()
    .trim()
    .min(1, 'required')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug'),
  status: ZBlogStatus,
  excerpt: z.string().trim().min(1, 'required').max(2000, 'tooLong'),
  featuredImage: z.string().max(MAX_FEATURED_IMAGE_CHARS, 'imageSize'),
});

export type EditFormValues = z.infer<typeof ZEditForm>;

export const EDIT_ERROR_KEYS = ['required', 'tooLong', 'categories', 'slug', 'imageSize'] as const;
export type EditErrorKey = (typeof EDIT_ERROR_KEYS)[number];

/** The error key of a schema message, if it is one. */
export function editErrorKey(message: string | undefined): EditErrorKey | undefined {
  return EDIT_ERROR_KEYS.find((key) => key === message);
}

/** The form showing a post's edit data (categories in the sidebar's order). */
export function formFromEdit(edit: TBlogEdit): EditFormValues {
  const labels = new Set(edit.blogCategories.map((option) => option.label));
  return {
    blogTitle: edit.blogTitle,
    blogCategories: BLOG_CATEGORIES.filter((category) => labels.has(category)),
    slug: edit.slug,
    status: edit.status,
    excerpt: edit.excerpt,
    featuredImage: edit.featuredImage,
  };
}

/** The save call's body for a valid form. */
export function saveRequestOf(id: number, form: EditFormValues): TBlogSaveRequest {
  return {
    id,
    blogTitle: form.blogTitle.trim(),
    blogCategories: form.blogCategories.map(categoryOption),
    slug: form.slug.trim(),
    status: form.status,
    excerpt: form.excerpt.trim(),
    featuredImage: form.featuredImage,
  };
}

/** A slug made from a title: lower case, words joined by single hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Why a picked file cannot be the featured image, or null when it can. */
export function imageFileProblem(file: File): 'imageType' | 'imageSize' | null {
  if (!file.type.startsWith('image/')) return 'imageType';
  if (file.size > MAX_IMAGE_BYTES) return 'imageSize';
  return null;
}

/** The file as a `data:` URL. @throws when the file cannot be read */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The file could not be read')));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
