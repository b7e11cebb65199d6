/**
 * The charts section of the UI showcase. It owns `/charts`:
 * - `/charts/recharts`: six recharts cards (line, bar, area, pie, radar, scatter);
 * - anything else below `/charts` goes there.
 */
import { Navigate, Route, Routes } from 'react-router';
import { ChartsPage } from './pages/charts-page.tsx';

/** The charts screen (see the module comment). */
export default function ChartsApp() {
  return (
    <Routes>
      <Route path="/charts/recharts" element={<ChartsPage />} />
      <Route path="*" element={<Navigate replace to="/charts/recharts" />} />
    </Routes>
  );
}
