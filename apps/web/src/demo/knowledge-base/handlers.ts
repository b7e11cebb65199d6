/**
 * MSW handlers of the knowledge base demo (docs/requirements/calls.md#demo-mock-calls):
 * - `GET /faq/data/knowledge_base` → the six knowledge base items;
 * - `GET /faq/data/category?category` → the six sections with their questions (references
 *   only); an unknown `category` is 404;
 * - `GET /faq/data/question?category&slug` → `{title, lastUpdated, relatedQuestions, content}`,
 *   the related questions being the other questions of its section; 400 without `slug`, 404
 *   for an unknown category or slug.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { KbDb, KbQuestion } from './data.ts';
import { KB_API, ZKbCategoryId, type TDemoError, type TKbItem, type TKbQuestionPage, type TKbQuestionRef, type TKbSection } from './schema.ts';

const errorResponse = (status: number, message: string) => HttpResponse.json<TDemoError>({ message }, { status });

const refOf = ({ id, question, slug }: KbQuestion): TKbQuestionRef => ({ id, question, slug });

/** A 404 for a `category` that is given but unknown, else null. */
function unknownCategory(url: URL): Response | null {
  const category = url.searchParams.get('category');
  if (category === null || category === '') return null;
  return ZKbCategoryId.safeParse(category).success ? null : errorResponse(404, `No knowledge base category ${category}`);
}

/** The knowledge base handlers over `db` (read only). */
export function createKnowledgeBaseHandlers(db: KbDb): RequestHandler[] {
  return [
    http.get<never, never, TKbItem[]>(KB_API.items, () => HttpResponse.json(structuredClone(db.items))),

    http.get<never, never, TKbSection[] | TDemoError>(KB_API.category, ({ request }) => {
      const problem = unknownCategory(new URL(request.url));
      if (problem) return problem;
      return HttpResponse.json(db.sections.map((section) => ({ ...section, questions: section.questions.map(refOf) })));
    }),

    http.get<never, never, TKbQuestionPage | TDemoError>(KB_API.question, ({ request }) => {
      const url = new URL(request.url);
      const problem = unknownCategory(url);
      if (problem) return problem;
      const slug = url.searchParams.get('slug')?.trim() ?? '';
      if (!slug) return errorResponse(400, 'slug is required: the question to show');
      const section = db.sections.find((candidate) => candidate.questions.some((question) => question.slug === slug));
      const question = section?.questions.find((candidate) => candidate.slug === slug);
      if (!section || !question) return errorResponse(404, `No question ${slug}`);
      return HttpResponse.json({
        title: question.question,
        lastUpdated: question.lastUpdated,
        relatedQuestions: section.questions.filter((other) => other.id !== question.id).map(refOf),
        content: question.content,
      });
    }),
  ];
}
