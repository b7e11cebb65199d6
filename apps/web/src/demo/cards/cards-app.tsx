/**
 * The UI showcase's "Cards" section, MUI cards with restaurant content: basic
 * (`/cards/basic`), advanced (`/cards/advance`), statistics and analytics cards with recharts
 * (`/cards/statistics`, `/cards/analytics`) and cards with header actions (`/cards/action`).
 * Any other path below `/cards` goes to the basic cards.
 */
import { Navigate, Route, Routes } from 'react-router';
import { ActionCardsPage } from './pages/action-cards.tsx';
import { AdvanceCardsPage } from './pages/advance-cards.tsx';
import { AnalyticsCardsPage } from './pages/analytics-cards.tsx';
import { BasicCardsPage } from './pages/basic-cards.tsx';
import { StatisticsCardsPage } from './pages/statistics-cards.tsx';

/** The section's screen (see the module comment). */
export default function CardsApp() {
  return (
    <Routes>
      <Route path="/cards/basic" element={<BasicCardsPage />} />
      <Route path="/cards/advance" element={<AdvanceCardsPage />} />
      <Route path="/cards/statistics" element={<StatisticsCardsPage />} />
      <Route path="/cards/analytics" element={<AnalyticsCardsPage />} />
      <Route path="/cards/action" element={<ActionCardsPage />} />
      <Route path="*" element={<Navigate replace to="/cards/basic" />} />
    </Routes>
  );
}
