/**
 * The knowledge base demo (docs/requirements/routes.md#knowledge-base and calls.md). It owns
 * `/pages/knowledge-base` and routes below it:
 * - `/pages/knowledge-base`: the six categories as searchable cards;
 * - `/pages/knowledge-base/:category`: the category page's sections and questions;
 * - `/pages/knowledge-base/:category/:question`: a question page (the question's slug);
 * - anything deeper goes back to the home page.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { KbCategory } from './components/kb-category.tsx';
import { KbHome } from './components/kb-home.tsx';
import { KbQuestion } from './components/kb-question.tsx';
import { KB_BASE } from './schema.ts';

/** The knowledge base screen (see the module comment). */
export default function KnowledgeBaseApp() {
  const { t } = useTranslation('demo-knowledge-base');
  useDocumentTitle(t('title'));
  return (
    <Routes>
      <Route path={KB_BASE} element={<KbHome />} />
      <Route path={`${KB_BASE}/:category`} element={<KbCategory />} />
      <Route path={`${KB_BASE}/:category/:question`} element={<KbQuestion />} />
      <Route path="*" element={<Navigate replace to={KB_BASE} />} />
    </Routes>
  );
}
