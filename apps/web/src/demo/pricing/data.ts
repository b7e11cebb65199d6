/**
 * The pricing demo's plans and questions (docs/requirements/constants.md#sample-pricing): Basic 0;
 * Standard 49 monthly or 40 a month billed yearly (480 a year), marked popular; Enterprise 99
 * monthly or 80 a month billed yearly (960 a year). Basic includes 100 responses a month and up to
 * 2 subdomains; Enterprise file upload with 5GB storage. The other benefits and the questions
 * are template-like text for a restaurant's guest-feedback forms. Plan pictures are small
 * inline SVG illustrations, so the demo needs no image files.
 */
import type { TPricingPlan, TPricingResponse } from './schema.ts';

/** The plans and questions (read only). */
export type PricingDb = TPricingResponse;

/** An inline SVG picture: a plate with `count` dishes on it in `color`. */
function planImage(color: string, count: number): string {
  const dots = Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * 2 * Math.PI - Math.PI / 2;
    return `<circle cx="${(60 + Math.cos(angle) * 22).toFixed(1)}" cy="${(60 + Math.sin(angle) * 22).toFixed(1)}" r="9" fill="${color}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="54" fill="${color}" fill-opacity="0.15"/><circle cx="60" cy="60" r="40" fill="#fff" stroke="${color}" stroke-width="4"/>${dots}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const plan = (fields: TPricingPlan): TPricingPlan => fields;

/** A fresh copy of the pricing data. */
export function createPricingDb(): PricingDb {
  return {
    basicPlan: plan({
      title: 'Basic',
      img: planImage('#28c76f', 1),
      subtitle: 'A simple start for every outlet',
      monthlyPrice: 0,
      yearlyPlan: { perMonth: 0, totalAnnual: 0 },
      planBenefits: ['100 responses a month', 'Unlimited feedback forms and surveys', 'Unlimited fields', 'Basic form creation tools', 'Up to 2 subdomains'],
      popular: false,
    }),
    standardPlan: plan({
      title: 'Standard',
      img: planImage('#7367f0', 3),
      subtitle: 'For small to medium restaurant groups',
      monthlyPrice: 49,
      yearlyPlan: { perMonth: 40, totalAnnual: 480 },
      planBenefits: ['Unlimited responses', 'Unlimited feedback forms and surveys', 'Instagram profile page', 'Google Docs integration', 'Custom “Thank you” page'],
      popular: true,
    }),
    enterprisePlan: plan({
      title: 'Enterprise',
      img: planImage('#ff9f43', 5),
      subtitle: 'Solution for large restaurant chains',
      monthlyPrice: 99,
      yearlyPlan: { perMonth: 80, totalAnnual: 960 },
      planBenefits: ['PayPal payments', 'Logic jumps', 'File upload with 5GB storage', 'Custom domain support', 'Stripe integration'],
      popular: false,
    }),
    qandA: [
      { question: 'Does my subscription automatically renew?', ans: 'Yes. Monthly plans renew every month and yearly plans every year, on the day you subscribed, until you cancel.' },
      { question: 'Can I store the feedback forms of all my outlets?', ans: 'Every plan covers every outlet of your brand; Basic keeps up to 2 subdomains, Standard and Enterprise as many as you need.' },
      { question: 'Can I change my plan later?', ans: 'You can move up or down at any time; we charge or credit the difference for the rest of the billing period.' },
      { question: 'Which payment methods do you accept?', ans: 'All major credit and debit cards; Enterprise can also pay by invoice, through PayPal or through Stripe.' },
      { question: 'Is there a free trial of the paid plans?', ans: 'Yes, Standard and Enterprise can be tried free for 14 days, no card needed.' },
    ],
  };
}
