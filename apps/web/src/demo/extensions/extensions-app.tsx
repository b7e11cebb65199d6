/**
 * The UI showcase's Extensions section: one lazy chunk owning `/extensions`, routing
 * its twelve pages (demo/routes.ts, section `extensions`); any other path below it opens the
 * first page. Each page shows one well-kept library: MUI Dialog alerts, notistack,
 * react-dropzone, Tiptap, @dnd-kit, react-joyride, the Clipboard API, MUI Menu, embla-carousel,
 * i18next, exceljs and pdfmake (the last two fetched only when their button is pressed).
 */
import { Navigate, Route, Routes } from 'react-router';
import ClipboardPage from './pages/clipboard-page.tsx';
import ContextMenuPage from './pages/context-menu-page.tsx';
import DragAndDropPage from './pages/drag-and-drop-page.tsx';
import EditorPage from './pages/editor-page.tsx';
import I18nPage from './pages/i18n-page.tsx';
import ImportExportPage from './pages/import-export-page.tsx';
import PdfExportPage from './pages/pdf-export-page.tsx';
import SweetAlertPage from './pages/sweet-alert-page.tsx';
import SwiperPage from './pages/swiper-page.tsx';
import ToastifyPage from './pages/toastify-page.tsx';
import TourPage from './pages/tour-page.tsx';
import UploaderPage from './pages/uploader-page.tsx';

/** The Extensions section (see the module comment). */
export default function ExtensionsApp() {
  return (
    <Routes>
      <Route path="/extensions/sweet-alert" element={<SweetAlertPage />} />
      <Route path="/extensions/toastify" element={<ToastifyPage />} />
      <Route path="/extensions/uploader" element={<UploaderPage />} />
      <Route path="/extensions/editor" element={<EditorPage />} />
      <Route path="/extensions/drag-and-drop" element={<DragAndDropPage />} />
      <Route path="/extensions/tour" element={<TourPage />} />
      <Route path="/extensions/clipboard" element={<ClipboardPage />} />
      <Route path="/extensions/context-menu" element={<ContextMenuPage />} />
      <Route path="/extensions/swiper" element={<SwiperPage />} />
      <Route path="/extensions/i18n" element={<I18nPage />} />
      <Route path="/extensions/import-export" element={<ImportExportPage />} />
      <Route path="/extensions/pdf-export" element={<PdfExportPage />} />
      <Route path="*" element={<Navigate replace to="/extensions/sweet-alert" />} />
    </Routes>
  );
}
