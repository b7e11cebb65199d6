/**
 * Shapes of the FAQ demo call (docs/requirements/routes.md#demo-faq-page, data.md#faq-category and
 * calls.md): `GET /faq/data?q` → the categories whose questions contain `q` (case-insensitive
 * substring; without `q`, every category), keyed by category id, each with only its matching
 * questions. Categories with no match are left out, so an empty object means "no results".
 */
import { z } from 'zod';

/** The five FAQ categories, in the order the page lists them (docs/requirements/routes.md). */
export const FAQ_CATEGORIES = ['payment', 'delivery', 'cancellationReturn', 'myOrders', 'productServices'] as const;

export const ZFaqCategoryId = z.enum(FAQ_CATEGORIES);

/** Icon names the mock sends; the page maps them to MUI icons. */
export const FAQ_ICONS = ['CreditCard', 'ShoppingBag', 'RefreshCw', 'Package', 'Settings'] as const;

/** One question and its answer (`ans`, plain text). */
export const ZFaqQuestion = z.object({ question: z.string().min(1), ans: z.string().min(1) });

/** A category (docs/requirements/data.md: icon, title, subtitle, qandA). */
export const ZFaqCategory = z.object({
  icon: z.enum(FAQ_ICONS),
  title: z.string().min(1),
  subtitle: z.string(),
  qandA: z.array(ZFaqQuestion),
});

/**
 * The answer of `GET /faq/data`: only the categories with matches. (An object of optional
 * keys rather than `z.partialRecord`, which no other schema uses: zod is shared with the first
 * screen, and a new zod builder would add to its weight.)
 */
export const ZFaqResponse = z.object({
  payment: ZFaqCategory.optional(),
  delivery: ZFaqCategory.optional(),
  cancellationReturn: ZFaqCategory.optional(),
  myOrders: ZFaqCategory.optional(),
  productServices: ZFaqCategory.optional(),
});

export type TFaqCategoryId = z.infer<typeof ZFaqCategoryId>;
export type TFaqIcon = (typeof FAQ_ICONS)[number];
export type TFaqCategory = z.infer<typeof ZFaqCategory>;
export type TFaqResponse = z.infer<typeof ZFaqResponse>;

/** Path of the FAQ demo call (docs/requirements/calls.md). */
export const FAQ_API = { data: '/faq/data' } as const;
