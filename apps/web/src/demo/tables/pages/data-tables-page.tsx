/**
 * `/datatables/basic`, "Data tables" ("tables: data table with sorting, filtering,
 * paging and export"): 200 sample orders in MUI X Data Grid (community). The grid does the
 * work: sorting by any column header, column filters, the toolbar's quick filter, pages of
 * 10/25/50, checkbox selection, CSV download and print (the toolbar's Export menu). An
 * "Export to Excel" button writes the rows the grid shows (filtered and sorted; only the
 * selected ones when some are ticked) with exceljs, fetched on click. The grid's own texts
 * follow the UI language (MUI X's deDE, frFR, ptBR locales; English is built in).
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  gridFilteredSortedRowEntriesSelector,
  useGridApiRef,
  type GridColDef,
  type GridLocaleText,
} from '@mui/x-data-grid';
import { deDE, frFR, ptBR } from '@mui/x-data-grid/locales';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { createOrders, ORDER_CATEGORIES, ORDER_STATUSES, OUTLETS, type OrderRow, type OrderStatus } from '../data.ts';
import { downloadWorkbook, type SheetColumn } from '../excel-export.ts';
import { useTableFormats } from '../format.ts';

/** The grid's texts per UI language; English is the grid's default. */
const GRID_LOCALE_TEXT: Readonly<Record<string, Partial<GridLocaleText>>> = {
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  pt: ptBR.components.MuiDataGrid.defaultProps.localeText,
};

const STATUS_COLOR: Readonly<Record<OrderStatus, ChipProps['color']>> = {
  served: 'success',
  preparing: 'info',
  pending: 'warning',
  cancelled: 'error',
};

/** The orders, made once (they never change). */
const ORDERS = createOrders();

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

export interface DataTablesPageProps {
  /**
   * Renders every row and column of the page instead of those in view. Only for tests: jsdom
   * has no layout, so the grid would find no room for any row.
   */
  disableVirtualization?: boolean;
}

/** The data table page (see the module comment). */
export function DataTablesPage({ disableVirtualization = false }: DataTablesPageProps) {
  const { t, i18n } = useTranslation(['demo', 'demo-tables']);
  const title = t('demo:pages.dataTables');
  useDocumentTitle(title);
  const format = useTableFormats();
  const apiRef = useGridApiRef();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const columns = useMemo<GridColDef<OrderRow>[]>(
    () => [
      { field: 'id', headerName: t('demo-tables:columns.id'), type: 'number', width: 100, valueFormatter: (value: number) => `#${value}` },
      { field: 'item', headerName: t('demo-tables:columns.item'), flex: 1, minWidth: 170 },
      {
        field: 'outlet',
        headerName: t('demo-tables:columns.outlet'),
        type: 'singleSelect',
        valueOptions: [...OUTLETS],
        minWidth: 130,
        flex: 0.7,
      },
      {
        field: 'category',
        headerName: t('demo-tables:columns.category'),
        type: 'singleSelect',
        valueOptions: ORDER_CATEGORIES.map((value) => ({ value, label: t(`demo-tables:categories.${value}`) })),
        width: 120,
      },
      { field: 'price', headerName: t('demo-tables:columns.price'), type: 'number', width: 100, valueFormatter: (value: number) => format.money(value) },
      { field: 'quantity', headerName: t('demo-tables:columns.quantity'), type: 'number', width: 80 },
      {
        field: 'date',
        headerName: t('demo-tables:columns.date'),
        type: 'date',
        width: 125,
        valueGetter: (value: string) => asDate(value),
        valueFormatter: (value: Date) => format.day(value),
      },
      {
        field: 'status',
        headerName: t('demo-tables:columns.status'),
        type: 'singleSelect',
        valueOptions: ORDER_STATUSES.map((value) => ({ value, label: t(`demo-tables:statuses.${value}`) })),
        width: 130,
        renderCell: ({ row }) => <Chip size="small" variant="outlined" color={STATUS_COLOR[row.status]} label={t(`demo-tables:statuses.${row.status}`)} />,
      },
    ],
    [t, format],
  );

  /** The rows the grid shows, in its order (all pages), or the ticked ones. */
  function rowsInView(): OrderRow[] {
    const selected = apiRef.current?.getSelectedRows();
    if (selected && selected.size > 0) {
      const ids = new Set(selected.keys());
      return gridFilteredSortedRowEntriesSelector(apiRef).filter((entry) => ids.has(entry.id)).map((entry) => entry.model as OrderRow);
    }
    return gridFilteredSortedRowEntriesSelector(apiRef).map((entry) => entry.model as OrderRow);
  }

  async function exportExcel() {
    setExporting(true);
    setExportFailed(false);
    const sheet: SheetColumn<OrderRow>[] = [
      { header: t('demo-tables:columns.id'), width: 8, value: (row) => row.id },
      { header: t('demo-tables:columns.item'), width: 24, value: (row) => row.item },
      { header: t('demo-tables:columns.outlet'), width: 16, value: (row) => row.outlet },
      { header: t('demo-tables:columns.category'), width: 12, value: (row) => t(`demo-tables:categories.${row.category}`) },
      { header: t('demo-tables:columns.price'), width: 10, value: (row) => row.price, numFmt: '"$"#,##0.00' },
      { header: t('demo-tables:columns.quantity'), width: 10, value: (row) => row.quantity },
      { header: t('demo-tables:columns.date'), width: 12, value: (row) => row.date },
      { header: t('demo-tables:columns.status'), width: 12, value: (row) => t(`demo-tables:statuses.${row.status}`) },
    ];
    try {
      await downloadWorkbook('dinedesk-orders.xlsx', t('demo-tables:data.sheetName'), sheet, rowsInView());
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack spacing={3} data-testid="data-tables">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <div>
          <Typography component="h1" variant="h4">{title}</Typography>
          <Typography color="text.secondary">{t('demo-tables:data.intro')}</Typography>
        </div>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void exportExcel()}
          loading={exporting}
          data-testid="export-excel"
          sx={{ flexShrink: 0 }}
        >
          {t('demo-tables:data.exportExcel')}
        </Button>
      </Stack>
      {exportFailed && (
        <Alert severity="error" onClose={() => setExportFailed(false)}>
          {t('demo-tables:data.exportFailed')}
        </Alert>
      )}
      <Card>
        <Box sx={{ height: 700, width: '100%' }} data-testid="orders-grid">
          <DataGrid
            apiRef={apiRef}
            rows={ORDERS}
            columns={columns}
            label={t('demo-tables:data.gridLabel')}
            showToolbar
            checkboxSelection
            disableRowSelectionOnClick
            disableVirtualization={disableVirtualization}
            pageSizeOptions={[10, 25, 50]}
            initialState={{ pagination: { paginationModel: { page: 0, pageSize: 10 } } }}
            localeText={GRID_LOCALE_TEXT[language]}
            slotProps={{
              toolbar: {
                csvOptions: { fileName: 'dinedesk-orders', utf8WithBom: true },
                printOptions: { hideFooter: true, hideToolbar: true },
              },
            }}
            sx={{ border: 0 }}
          />
        </Box>
      </Card>
    </Stack>
  );
}
