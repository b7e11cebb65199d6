/**
 * `/extensions/import-export`: Excel export and import with exceljs (fetched on the first
 * click, spreadsheet.ts). Export saves the table as `menu.xlsx`; Import takes an .xlsx or .csv
 * with the same columns, replaces the table with its good rows and lists each bad row's
 * problems (row number, column, reason) under it.
 */
import Download from '@mui/icons-material/Download';
import Upload from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuTable } from '../components/menu-table.tsx';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { MENU_COLUMNS, MENU_ITEMS, type MenuItem, type RowError } from '../menu-items.ts';

type Busy = 'export' | 'import' | null;

/** The import/export page (see the module comment). */
export default function ImportExportPage() {
  const { t } = useTranslation('demo-extensions');
  const [items, setItems] = useState<readonly MenuItem[]>(MENU_ITEMS);
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const exportXlsx = async () => {
    setBusy('export');
    setMessage(null);
    try {
      const { menuWorkbook, saveFile } = await import('../spreadsheet.ts');
      const data = await menuWorkbook(
        items,
        MENU_COLUMNS.map((column) => t(`menu.columns.${column}`)),
        t('importExport.sheetName'),
      );
      saveFile(data, 'menu.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      setMessage({ severity: 'success', text: t('importExport.exported', { count: items.length }) });
    } catch {
      setMessage({ severity: 'error', text: t('importExport.exportFailed') });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    setBusy('import');
    setMessage(null);
    setErrors([]);
    try {
      const { readMenuFile } = await import('../spreadsheet.ts');
      const result = await readMenuFile(file);
      setErrors(result.errors);
      if (result.items.length > 0) setItems(result.items);
      setMessage(
        result.items.length > 0
          ? { severity: 'success', text: t('importExport.imported', { count: result.items.length, name: file.name }) }
          : { severity: 'error', text: t('importExport.nothingImported', { name: file.name }) },
      );
    } catch {
      setMessage({ severity: 'error', text: t('importExport.importFailed', { name: file.name }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <ShowcasePage target="importExport" subtitle={t('importExport.lead')} testId="extensions-import-export">
      <DemoCard
        title={t('menu.title')}
        action={
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<Download />} onClick={() => void exportXlsx()} loading={busy === 'export'} data-testid="export-xlsx">
              {t('importExport.export')}
            </Button>
            <Button variant="outlined" startIcon={<Upload />} onClick={() => input.current?.click()} loading={busy === 'import'} data-testid="import-button">
              {t('importExport.import')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t('importExport.import')}
              data-testid="import-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </Stack>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('importExport.format', { columns: MENU_COLUMNS.join(', ') })}
        </Typography>
        <Box role="status" aria-live="polite" data-testid="import-export-status">
          {message && (
            <Alert severity={message.severity} sx={{ mb: 2 }}>
              {message.text}
            </Alert>
          )}
        </Box>
        {errors.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="import-errors">
            <AlertTitle>{t('importExport.errorsTitle', { count: errors.length })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {errors.map((error) => (
                <li key={`${error.row}-${error.column}`}>
                  {t('importExport.errorLine', { row: error.row, column: t(`menu.columns.${error.column}`), reason: t(`importExport.errors.${error.code}`) })}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        <MenuTable items={items} label={t('menu.title')} testId="menu-table" />
      </DemoCard>
    </ShowcasePage>
  );
}
