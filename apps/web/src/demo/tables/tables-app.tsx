/**
 * The tables section of the UI showcase. It owns `/tables` and
 * `/datatables` and routes below them:
 * - `/tables/reactstrap`: basic tables (MUI `Table` variants; the path is the template's);
 * - `/datatables/basic`: the data table (MUI X Data Grid);
 * - anything else below either prefix goes to the basic tables.
 */
import { Navigate, Route, Routes } from 'react-router';
import { BasicTablesPage } from './pages/basic-tables-page.tsx';
import { DataTablesPage } from './pages/data-tables-page.tsx';

/** The tables screen (see the module comment). */
export default function TablesApp() {
  return (
    <Routes>
      <Route path="/tables/reactstrap" element={<BasicTablesPage />} />
      <Route path="/datatables/basic" element={<DataTablesPage />} />
      <Route path="*" element={<Navigate replace to="/tables/reactstrap" />} />
    </Routes>
  );
}
