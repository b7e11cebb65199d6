/**
 * The maps section of the UI showcase. It owns `/maps`:
 * - `/maps/leaflet`: the outlets on a react-leaflet map with an offline fallback;
 * - anything else below `/maps` goes there.
 */
import { Navigate, Route, Routes } from 'react-router';
import { LeafletMapsPage } from './pages/leaflet-maps-page.tsx';

/** The maps screen (see the module comment). */
export default function MapsApp() {
  return (
    <Routes>
      <Route path="/maps/leaflet" element={<LeafletMapsPage />} />
      <Route path="*" element={<Navigate replace to="/maps/leaflet" />} />
    </Routes>
  );
}
