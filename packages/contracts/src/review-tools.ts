import { z } from 'zod';
import { ZIsoTime } from './common.ts';
import { ZReviewFilterFields } from './reviews.ts';

/**
 * The reviews screen's tools that its first paint does not need: exports of the
 * filtered feed, and reply templates. Their own module so the web app loads them with the
 * components that use them.
 */

const fromNotAfterTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const FROM_AFTER_TO = { message: 'from must not be after to', path: ['from'] };

/** Most reviews one export holds; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 100_000;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** `POST /api/review_testing/get_reviews/export`: the feed's filters and a file format. */
export const ZExportReviewsRequest = ZReviewFilterFields.extend({ format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' }) })
  .strict()
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type TExportReviewsRequest = z.input<typeof ZExportReviewsRequest>;
/** An export's progress; `done` has a file to download (kept 7 days). */
export const ZReviewExport = z.object({
  id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Reviews the filters selected (null until counted). */
  total: z.number().int().nullable(),
  written: z.number().int(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: ZIsoTime,
  expiresAt: ZIsoTime,
});
export type TReviewExport = z.infer<typeof ZReviewExport>;
export const ZReviewExportParams = z.object({ exportId: z.uuid({ error: 'exportId must be an export id' }) });

/**
 * Reply templates of a client: a name and a body with variables, filled in the
 * composer and editable before sending. Owners and brand managers manage them; everyone who may
 * reply uses them.
 */
export const TEMPLATE_VARIABLES = ['reviewer_first_name', 'outlet', 'brand'] as const;
export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_BODY_MAX = 4000;
const ZTemplateBody = z
  .string({ error: 'body is required' })
  .trim()
  .min(1, 'body must not be empty')
  .max(TEMPLATE_BODY_MAX, `body must be at most ${TEMPLATE_BODY_MAX} characters`)
  .refine((b) => [...b.matchAll(/\{([^{}]*)\}/g)].every((m) => (TEMPLATE_VARIABLES as readonly string[]).includes(m[1]!)), {
    message: `body may only use the variables ${TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(', ')}`,
  });
const ZTemplateName = z.string({ error: 'name is required' }).trim().min(1, 'name must not be empty').max(TEMPLATE_NAME_MAX, `name must be at most ${TEMPLATE_NAME_MAX} characters`);
export const ZReplyTemplate = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  updatedAt: ZIsoTime,
  updatedByName: z.string().nullable(),
});
export type TReplyTemplate = z.infer<typeof ZReplyTemplate>;
export const ZReplyTemplatesResponse = z.object({ data: z.array(ZReplyTemplate) });
export const ZSaveReplyTemplateRequest = z
  .object({ id: z.uuid({ error: 'id must be a template id' }).optional(), name: ZTemplateName, body: ZTemplateBody })
  .strict();
export type TSaveReplyTemplateRequest = z.infer<typeof ZSaveReplyTemplateRequest>;
export const ZDeleteReplyTemplateRequest = z.object({ id: z.uuid({ error: 'id must be a template id' }) }).strict();

/**
 * A template's body with its variables filled for a review: `{reviewer_first_name}` is the first
 * word of the reviewer's name (left out, with the comma or space before it, for anonymous guests,
 * whose name DineDesk does not know), `{outlet}` and `{brand}` the review's. Unknown variables are
 * left as written; nothing else of the text changes.
 */
export function fillTemplate(body: string, v: { reviewerName: string | null; outlet: string; brand: string }): string {
  const first = v.reviewerName && !/^(a google user|facebook user)$/i.test(v.reviewerName) ? (v.reviewerName.trim().split(/\s+/)[0] ?? '') : '';
  // Without a name, the name goes with the space or comma before it ("Thank you, {name}!" → "Thank you!").
  const named = first ? body : body.replace(/,?[ \t]*\{reviewer_first_name\}/g, '');
  const values: Record<string, string> = { reviewer_first_name: first, outlet: v.outlet, brand: v.brand };
  return named.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
