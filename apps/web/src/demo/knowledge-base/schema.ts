/**
 * Shapes of the knowledge base demo calls (docs/requirements/routes.md, data.md#knowledge-base-item
 * and calls.md):
 * - `GET /faq/data/knowledge_base` → the six knowledge base items (cards of the home page);
 * - `GET /faq/data/category?category` → the category page's six sections (Account Settings,
 *   API Questions, Billing, Copyright & Legal, Mobile Apps, Using KnowHow) with their
 *   questions; `category` (a knowledge base item's `category`) is optional, 404 if unknown;
 * - `GET /faq/data/question?category&slug` → one question page (404 for an unknown category or
 *   slug, 400 without `slug`).
 *
 * Related questions carry their `slug` as well as the spec's id and question, so the page can
 * link to them.
 */
import { z } from 'zod';

/** The six knowledge base categories (docs/requirements/routes.md), in page order. */
export const KB_CATEGORIES = ['sales-automation', 'marketing-automation', 'api-questions', 'personalization', 'email-marketing', 'demand-generation'] as const;

/** Icon names of the sections (the template's Feather names); the page maps them to MUI icons. */
export const KB_SECTION_ICONS = ['Settings', 'Code', 'CreditCard', 'Lock', 'Smartphone', 'HelpCircle'] as const;
/** Theme colours of the section icons (the template's names; `danger` is MUI's `error`). */
export const KB_ICON_COLORS = ['primary', 'success', 'warning', 'info', 'danger', 'secondary'] as const;

export const ZKbCategoryId = z.enum(KB_CATEGORIES);

/** A knowledge base item (docs/requirements/data.md): `img` is an image URL. */
export const ZKbItem = z.object({ id: z.number().int(), category: ZKbCategoryId, img: z.string().min(1), title: z.string().min(1), desc: z.string() });

/** A question of a section; `slug` names it in the URL. */
export const ZKbQuestionRef = z.object({ id: z.number().int(), question: z.string().min(1), slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/) });

/** A section of the category page (docs/requirements/data.md#knowledge-category). */
export const ZKbSection = z.object({
  id: z.number().int(),
  title: z.string().min(1),
  icon: z.enum(KB_SECTION_ICONS),
  iconColor: z.enum(KB_ICON_COLORS),
  questions: z.array(ZKbQuestionRef),
});

/** A question page (docs/requirements/data.md): `lastUpdated` is an ISO date; `content` is HTML. */
export const ZKbQuestionPage = z.object({
  title: z.string().min(1),
  lastUpdated: z.iso.date(),
  relatedQuestions: z.array(ZKbQuestionRef),
  content: z.string(),
});

export const ZKbItems = z.array(ZKbItem);
export const ZKbSections = z.array(ZKbSection);

export type TKbItem = z.infer<typeof ZKbItem>;
export type TKbQuestionRef = z.infer<typeof ZKbQuestionRef>;
export type TKbSection = z.infer<typeof ZKbSection>;
export type TKbSectionIcon = (typeof KB_SECTION_ICONS)[number];
export type TKbIconColor = (typeof KB_ICON_COLORS)[number];
export type TKbQuestionPage = z.infer<typeof ZKbQuestionPage>;
export type TDemoError = { message: string };

/** Paths of the knowledge base demo calls (docs/requirements/calls.md). */
export const KB_API = {
  items: '/faq/data/knowledge_base',
  category: '/faq/data/category',
  question: '/faq/data/question',
} as const;

/** The route of the knowledge base pages. */
export const KB_BASE = '/pages/knowledge-base';
