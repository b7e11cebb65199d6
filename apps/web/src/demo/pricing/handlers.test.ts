/**
 * The pricing demo's mock (docs/requirements/calls.md `GET /pricing/data`,
 * docs/requirements/constants.md#sample-pricing) through the real handler on `msw/node`: the three
 * plans with the spec's figures, benefits and popular flag, and the pricing questions.
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { createPricingDb } from './data.ts';
import { createPricingHandlers } from './handlers.ts';
import { PRICING_API, ZPricingResponse, type TPricingResponse } from './schema.ts';

setupDemoServer(() => createPricingHandlers(createPricingDb()));

async function pricing(): Promise<TPricingResponse> {
  const response = await fetch(PRICING_API.data);
  expect(response.status).toBe(200);
  return ZPricingResponse.parse(await response.json());
}

describe('GET /pricing/data ( sample pricing)', () => {
  it('prices Basic at 0, Standard at 49 or 40 a month yearly (480), Enterprise at 99 or 80 (960)', async () => {
    const data = await pricing();
    expect(data.basicPlan).toMatchObject({ title: 'Basic', monthlyPrice: 0, yearlyPlan: { perMonth: 0, totalAnnual: 0 } });
    expect(data.standardPlan).toMatchObject({ title: 'Standard', monthlyPrice: 49, yearlyPlan: { perMonth: 40, totalAnnual: 480 } });
    expect(data.enterprisePlan).toMatchObject({ title: 'Enterprise', monthlyPrice: 99, yearlyPlan: { perMonth: 80, totalAnnual: 960 } });
    for (const plan of [data.basicPlan, data.standardPlan, data.enterprisePlan]) expect(plan.yearlyPlan.totalAnnual).toBe(plan.yearlyPlan.perMonth * 12);
  });

  it('marks only Standard as popular', async () => {
    const data = await pricing();
    expect([data.basicPlan.popular, data.standardPlan.popular, data.enterprisePlan.popular]).toEqual([false, true, false]);
  });

  it('lists the spec’s benefits: Basic 100 responses a month and up to 2 subdomains; Enterprise file upload with 5GB storage', async () => {
    const data = await pricing();
    expect(data.basicPlan.planBenefits).toEqual(expect.arrayContaining(['100 responses a month', 'Up to 2 subdomains']));
    expect(data.enterprisePlan.planBenefits).toContain('File upload with 5GB storage');
  });

  it('answers the pricing questions', async () => {
    const data = await pricing();
    expect(data.qandA.length).toBeGreaterThanOrEqual(3);
    expect(data.qandA.every((item) => item.question.endsWith('?') && item.ans.length > 0)).toBe(true);
  });
});
