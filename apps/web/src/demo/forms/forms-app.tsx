/**
 * The UI showcase's Forms section: one lazy chunk owning `/forms`, routing its seven
 * pages (demo/routes.ts, section `forms`); any other path below it opens the inputs page.
 * MUI inputs and selects, MUI X Date Pickers with date-fns, react-imask, and react-hook-form
 * with zod schemas (schemas.ts) whose messages are translated.
 */
import { Navigate, Route, Routes } from 'react-router';
import FormLayoutPage from './pages/form-layout-page.tsx';
import FormValidationPage from './pages/form-validation-page.tsx';
import InputMaskPage from './pages/input-mask-page.tsx';
import InputPage from './pages/input-page.tsx';
import PickersPage from './pages/pickers-page.tsx';
import SelectPage from './pages/select-page.tsx';
import WizardPage from './pages/wizard-page.tsx';

/** The Forms section (see the module comment). */
export default function FormsApp() {
  return (
    <Routes>
      <Route path="/forms/elements/input" element={<InputPage />} />
      <Route path="/forms/elements/select" element={<SelectPage />} />
      <Route path="/forms/elements/pickers" element={<PickersPage />} />
      <Route path="/forms/elements/input-mask" element={<InputMaskPage />} />
      <Route path="/forms/layout/form-layout" element={<FormLayoutPage />} />
      <Route path="/forms/wizard" element={<WizardPage />} />
      <Route path="/forms/form-validation" element={<FormValidationPage />} />
      <Route path="*" element={<Navigate replace to="/forms/elements/input" />} />
    </Routes>
  );
}
