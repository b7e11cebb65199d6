/**
 * The knowledge base demo's mock rules (docs/requirements/routes.md and calls.md) through the real
 * handlers on `msw/node`: the six items; the category page's six sections (and 404 for an unknown
 * category); a question page with its section's other questions as related (400 without a
 * slug, 404 for an unknown one).
 */
import { describe, expect, it } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { createKnowledgeBaseDb, type KbDb } from './data.ts';
import { createKnowledgeBaseHandlers } from './handlers.ts';
import { KB_API, KB_CATEGORIES, ZKbItems, ZKbQuestionPage, ZKbSections } from './schema.ts';

let db: KbDb;
setupDemoServer(() => {
  db = createKnowledgeBaseDb(new Date('2026-03-10T12:00:00'));
  return createKnowledgeBaseHandlers(db);
});

describe('GET /faq/data/knowledge_base', () => {
  it('answers the six categories', async () => {
    const response = await fetch(KB_API.items);
    expect(response.status).toBe(200);
    const items = ZKbItems.parse(await response.json());
    expect(items.map((item) => item.category)).toEqual([...KB_CATEGORIES]);
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
    expect(items.every((item) => item.title && item.desc && item.img.startsWith('data:image/svg+xml,'))).toBe(true);
  });
});

describe('GET /faq/data/category', () => {
  it('answers the six sections of the category page, with their questions', async () => {
    const response = await fetch(`${KB_API.category}?category=api-questions`);
    expect(response.status).toBe(200);
    const sections = ZKbSections.parse(await response.json());
    expect(sections.map((section) => section.title)).toEqual(['Account Settings', 'API Questions', 'Billing', 'Copyright & Legal', 'Mobile Apps', 'Using KnowHow']);
    for (const section of sections) expect(section.questions.length).toBeGreaterThan(0);
    const ids = sections.flatMap((section) => section.questions.map((question) => question.id));
    expect(new Set(ids).size).toBe(ids.length);
    // References only: the pages' content is not sent with the list.
    expect(JSON.stringify(sections)).not.toContain('<p>');
  });

  it('answers the same without a category, and 404 for an unknown one', async () => {
    const all = ZKbSections.parse(await (await fetch(KB_API.category)).json());
    expect(all).toEqual(ZKbSections.parse(await (await fetch(`${KB_API.category}?category=personalization`)).json()));
    const missing = await fetch(`${KB_API.category}?category=cooking`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No knowledge base category cooking' });
  });
});

describe('GET /faq/data/question', () => {
  it('answers a question page with its section’s other questions as related', async () => {
    const section = db.sections[2];
    const question = section?.questions[1];
    if (!section || !question) throw new Error('no question');
    const response = await fetch(`${KB_API.question}?category=email-marketing&slug=${question.slug}`);
    expect(response.status).toBe(200);
    const page = ZKbQuestionPage.parse(await response.json());
    expect(page.title).toBe(question.question);
    expect(page.lastUpdated).toBe(question.lastUpdated);
    expect(page.content).toContain('<p>');
    expect(page.relatedQuestions.map((related) => related.id)).toEqual(section.questions.filter((other) => other.id !== question.id).map((other) => other.id));
    expect(page.relatedQuestions[0]).toEqual({ id: expect.any(Number), question: expect.any(String), slug: expect.any(String) });
  });

  it('dates the last update before the day the data was made', async () => {
    const page = ZKbQuestionPage.parse(await (await fetch(`${KB_API.question}?slug=how-secure-is-my-password`)).json());
    expect(page.lastUpdated < '2026-03-10').toBe(true);
  });

  it('is 400 without a slug and 404 for an unknown slug or category', async () => {
    const noSlug = await fetch(`${KB_API.question}?category=api-questions`);
    expect(noSlug.status).toBe(400);
    expect(await noSlug.json()).toEqual({ message: 'slug is required: the question to show' });
    expect((await fetch(`${KB_API.question}?category=api-questions&slug=no-such-question`)).status).toBe(404);
    expect((await fetch(`${KB_API.question}?category=cooking&slug=how-secure-is-my-password`)).status).toBe(404);
  });
});
