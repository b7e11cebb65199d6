/**
 * The invoice list (`/apps/invoice/list`; docs/requirements/calls.md `GET /apps/invoice/invoices`,
 * docs/requirements/constants.md 10 per page): a status filter, a search on the client's email or
 * name, the table (number, status icon with tooltip, client, total, issue date, balance or "Paid"),
 * preview, edit, download and delete (confirmed) per row, rows per page and paging, and "Create
 * Invoice". Filters, search and page live in the URL. Loading, error and empty states replace the
 * rows.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DemoTablePagination } from '../../components/demo-table-pagination.tsx';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useInvoices } from '../api/get-invoices.ts';
import { INVOICE_STATUSES, INVOICES_PER_PAGE, type InvoicesQuery, type TInvoice, type TInvoiceStatus } from '../schema.ts';
import { DeleteInvoiceDialog } from './delete-invoice-dialog.tsx';
import { formatInvoiceDate, formatMoney, invoiceNumber } from './invoice-format.ts';
import { BalanceCell, InvoiceStatusIcon, statusKey } from './invoice-status.tsx';
import { useInvoiceDownload } from './use-invoice-download.ts';

const SEARCH_DELAY_MS = 300;

type QueryChanges = Partial<Record<keyof InvoicesQuery, string | number>>;

/** The list query the URL describes (unknown values fall back to none / the defaults). */
export function invoiceQueryFromSearch(params: URLSearchParams): Required<InvoicesQuery> {
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const status = params.get('status') ?? '';
  return {
    q: params.get('q') ?? '',
    perPage: number('perPage', INVOICES_PER_PAGE),
    page: number('page', 1),
    status: (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as TInvoiceStatus) : '',
  };
}

/** `current` with `changes` (defaults and empty values dropped; the page back to 1 unless given). */
function withChanges(current: URLSearchParams, changes: QueryChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === '' || value === undefined || (key === 'page' && value === 1) || (key === 'perPage' && value === INVOICES_PER_PAGE)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();

/** The invoice list screen (see the module comment). */
export function InvoiceList() {
  const { t, i18n } = useTranslation('demo-invoice');
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const query = invoiceQueryFromSearch(params);
  const [search, setSearch] = useState(query.q);
  const [deleting, setDeleting] = useState<TInvoice | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const invoices = useInvoices(query);
  const { download, busyId } = useInvoiceDownload(() => setToast(t('download.failed')));

  const update = (changes: QueryChanges) => setParams((current) => withChanges(current, changes), { replace: true });
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => setParams((current) => withChanges(current, { q: value }), { replace: true }), SEARCH_DELAY_MS);
  };

  const total = invoices.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const pastTheEnd = invoices.isSuccess && !invoices.isPlaceholderData && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams((current) => withChanges(current, { page: lastPage }), { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const rows = invoices.data?.invoices ?? [];
  const filtered = query.q !== '' || query.status !== '';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="invoice-list">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('list.title')}
      </Typography>
      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2.5 }}>
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/apps/invoice/add" data-testid="invoice-create">
            {t('list.create')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <TextField
            size="small"
            type="search"
            label={t('list.search')}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            sx={{ minWidth: 240, flexGrow: { xs: 1, md: 0 } }}
            slotProps={{
              input: { startAdornment: (<InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment>) },
              htmlInput: { 'data-testid': 'invoice-search' },
            }}
          />
          <TextField
            select
            size="small"
            label={t('list.status')}
            value={query.status}
            onChange={(event) => update({ status: event.target.value })}
            sx={{ minWidth: 200, flexGrow: { xs: 1, md: 0 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="invoice-filter-status"
          >
            <MenuItem value="">{t('list.allStatuses')}</MenuItem>
            {INVOICE_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`statuses.${statusKey(status)}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <ListState
          query={invoices}
          isEmpty={rows.length === 0}
          skeleton={{ rows: 6, rowHeight: 52, sx: { px: 2.5, pb: 2.5 }, label: t('list.loading') }}
          errorSx={{ mx: 2.5, mb: 2.5 }}
          empty={
            <ListEmpty
              testId="invoice-list-empty"
              icon={<ReceiptLongOutlined />}
              title={filtered ? t('list.emptyFiltered') : t('list.empty')}
              action={
                filtered ? (
                  <Button
                    onClick={() => {
                      clearTimeout(searchTimer.current);
                      setSearch('');
                      setParams(new URLSearchParams(), { replace: true });
                    }}
                  >
                    {t('list.clearFilters')}
                  </Button>
                ) : (
                  <Button variant="contained" component={RouterLink} to="/apps/invoice/add">
                    {t('list.create')}
                  </Button>
                )
              }
            />
          }
        >
          <TableContainer>
            <Table aria-label={t('list.title')} sx={{ minWidth: 860 }} data-testid="invoice-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.number')}</TableCell>
                  <TableCell>{t('columns.status')}</TableCell>
                  <TableCell>{t('columns.client')}</TableCell>
                  <TableCell align="right">{t('columns.total')}</TableCell>
                  <TableCell>{t('columns.issuedDate')}</TableCell>
                  <TableCell>{t('columns.balance')}</TableCell>
                  <TableCell align="right">{t('columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody sx={{ opacity: invoices.isPlaceholderData ? 0.6 : 1 }}>
                {rows.map((invoice) => (
                  <TableRow key={invoice.id} hover data-testid="invoice-row" data-invoice-id={invoice.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/apps/invoice/preview/${invoice.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                        {invoiceNumber(invoice.id)}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <InvoiceStatusIcon invoice={invoice} />
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        {invoice.avatar ? (
                          <Avatar src={invoice.avatar} alt="" sx={{ width: 34, height: 34 }} />
                        ) : (
                          <Avatar aria-hidden sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.light', color: 'primary.contrastText' }}>
                            {initialsOf(invoice.client.name)}
                          </Avatar>
                        )}
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {invoice.client.name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {invoice.client.companyEmail}
                          </Typography>
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(invoice.total, language)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInvoiceDate(invoice.issuedDate, language)}</TableCell>
                    <TableCell>
                      <BalanceCell balance={invoice.balance} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('actions.preview')}>
                        <IconButton component={RouterLink} to={`/apps/invoice/preview/${invoice.id}`} aria-label={t('actions.previewInvoice', { id: invoice.id })} data-testid="invoice-preview-link">
                          <VisibilityOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('actions.edit')}>
                        <IconButton component={RouterLink} to={`/apps/invoice/edit/${invoice.id}`} aria-label={t('actions.editInvoice', { id: invoice.id })}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('actions.download')}>
                        <span>
                          <IconButton onClick={() => void download(invoice)} disabled={busyId !== null} aria-label={t('actions.downloadInvoice', { id: invoice.id })}>
                            {busyId === invoice.id ? <CircularProgress size={18} /> : <DownloadOutlined fontSize="small" />}
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('actions.delete')}>
                        <IconButton onClick={() => setDeleting(invoice)} aria-label={t('actions.deleteInvoice', { id: invoice.id })} data-testid="invoice-delete">
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {invoices.isError && (
            <Alert severity="error" sx={{ m: 2.5 }}>
              {t('list.refreshFailed')}
            </Alert>
          )}
        </ListState>
        <DemoTablePagination
          total={total}
          page={query.page}
          perPage={query.perPage}
          onChange={update}
          labels={{
            rowsPerPage: t('pagination.rowsPerPage'),
            displayed: (range) => t('pagination.displayed', range),
            button: (type) => t(`pagination.${type}`),
          }}
          testId="invoice-pagination"
        />
      </Card>
      <DeleteInvoiceDialog
        invoice={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(invoice) => {
          setDeleting(null);
          setToast(t('delete.done', { id: invoice.id }));
        }}
      />
      <Snackbar open={toast !== null} autoHideDuration={4000} onClose={() => setToast(null)} message={toast ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}
