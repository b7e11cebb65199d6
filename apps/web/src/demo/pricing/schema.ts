/**
 * Shapes of the pricing demo call (docs/requirements/routes.md#pricing-page, data.md#pricing-plan,
 * calls.md and constants.md#sample-pricing): `GET /pricing/data` → `{ basicPlan, standardPlan,
 * enterprisePlan, qandA }` (the template's keys). Prices are whole US dollars: `monthlyPrice`
 * billed monthly; `yearlyPlan.perMonth` the monthly price when billed yearly and
 * `yearlyPlan.totalAnnual` the year's bill (perMonth × 12).
 */
import { z } from 'zod';

/** The plans in page order, by their key in the answer. */
export const PLAN_KEYS = ['basicPlan', 'standardPlan', 'enterprisePlan'] as const;

/** A plan (docs/requirements/data.md). `img` is an image URL; `popular` marks the recommended
 * plan. */
export const ZPricingPlan = z.object({
  title: z.string().min(1),
  img: z.string().min(1),
  subtitle: z.string(),
  monthlyPrice: z.number().nonnegative(),
  yearlyPlan: z.object({ perMonth: z.number().nonnegative(), totalAnnual: z.number().nonnegative() }),
  planBenefits: z.array(z.string().min(1)),
  popular: z.boolean(),
});

export const ZPricingQuestion = z.object({ question: z.string().min(1), ans: z.string().min(1) });

export const ZPricingResponse = z.object({
  basicPlan: ZPricingPlan,
  standardPlan: ZPricingPlan,
  enterprisePlan: ZPricingPlan,
  qandA: z.array(ZPricingQuestion),
});

export type TPlanKey = (typeof PLAN_KEYS)[number];
export type TPricingPlan = z.infer<typeof ZPricingPlan>;
export type TPricingResponse = z.infer<typeof ZPricingResponse>;

/** Path of the pricing demo call (docs/requirements/calls.md). */
export const PRICING_API = { data: '/pricing/data' } as const;
