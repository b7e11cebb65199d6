/**
 * The UI showcase's "UI elements" section: the theme's typography
 * (`/ui-element/typography`), its colours (`/colors`) and a searchable set of MUI icons
 * (`/icons/reactfeather`, the template's path). One lazy chunk owns the three prefixes
 * (demo/screens.ts); any other path below them goes to the typography page.
 */
import { Navigate, Route, Routes } from 'react-router';
import { ColorsPage } from './pages/colors-page.tsx';
import { IconsPage } from './pages/icons-page.tsx';
import { TypographyPage } from './pages/typography-page.tsx';

/** The section's screen (see the module comment). */
export default function UiElementsApp() {
  return (
    <Routes>
      <Route path="/ui-element/typography" element={<TypographyPage />} />
      <Route path="/colors" element={<ColorsPage />} />
      <Route path="/icons/reactfeather" element={<IconsPage />} />
      <Route path="*" element={<Navigate replace to="/ui-element/typography" />} />
    </Routes>
  );
}
