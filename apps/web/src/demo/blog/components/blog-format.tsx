/**
 * Helpers of the blog pages: dates in the reader's language, initials for a missing avatar,
 * the category icons and chip colours, the list's URL params, and post HTML made safe to show.
 */
import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import FormatQuoteOutlined from '@mui/icons-material/FormatQuoteOutlined';
import RestaurantOutlined from '@mui/icons-material/RestaurantOutlined';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import DOMPurify from 'dompurify';
import type { ComponentType } from 'react';
import { ZBlogCategory, type BlogListParams, type TBlogCategory } from '../schema.ts';

const ICONS: Record<TBlogCategory, ComponentType<SvgIconProps>> = {
  Fashion: CheckroomOutlined,
  Food: RestaurantOutlined,
  Gaming: SportsEsportsOutlined,
  Quote: FormatQuoteOutlined,
  Video: VideocamOutlined,
};

/** The icon of a category (the mock's Feather names are the template's; the page picks closer ones). */
export function CategoryIcon({ category, ...props }: { category: TBlogCategory } & SvgIconProps) {
  const Icon = ICONS[category];
  return <Icon {...props} />;
}

/** MUI colours of the category chips (the template's). */
export const CATEGORY_CHIP_COLORS: Record<TBlogCategory, 'primary' | 'success' | 'error' | 'info' | 'warning'> = {
  Fashion: 'primary',
  Food: 'success',
  Gaming: 'error',
  Quote: 'info',
  Video: 'warning',
};

/** An ISO date-time as a medium date (`Nov 27, 2026` in English). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** Up to two initials of a name, for an avatar without a picture. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The list's `q` and `category` from the URL (an unknown category is ignored). */
export function listParamsOf(search: URLSearchParams): BlogListParams {
  const params: BlogListParams = {};
  const q = search.get('q');
  if (q) params.q = q;
  const category = ZBlogCategory.safeParse(search.get('category'));
  if (category.success) params.category = category.data;
  return params;
}

/** Post HTML safe for `dangerouslySetInnerHTML` (formatting kept; scripts, forms, styles dropped). */
export function sanitizeBlogHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
