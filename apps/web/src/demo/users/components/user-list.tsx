/**
 * The user list (`/apps/user/list`; docs/requirements/calls.md `GET /api/users/list/data`,
 * docs/requirements/constants.md 10 per page): statistics cards from all the users, the role, plan
 * and status filters, a search on username or full name, the table with view, edit and delete
 * (confirmed) per row, rows per page and paging, and "Add New User" (a drawer). Filters, search and
 * page live in the URL, so a reload or the Back button keeps them. Loading, error and empty states
 * replace the rows.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Search from '@mui/icons-material/Search';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
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
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DemoTablePagination } from '../../components/demo-table-pagination.tsx';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useAllUsers } from '../api/get-all-users.ts';
import { useUsers } from '../api/get-users.ts';
import { USER_PLANS, USER_ROLES, USER_STATUSES, USERS_PER_PAGE, type TUser, type TUserPlan, type TUserRole, type TUserStatus, type UsersQuery } from '../schema.ts';
import { AddUserDrawer } from './add-user-drawer.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { RoleLabel, StatusChip, UserAvatar } from './user-badges.tsx';

const SEARCH_DELAY_MS = 300;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' => ((allowed as readonly string[]).includes(value ?? '') ? (value as T) : '');
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** The list query the URL describes (unknown values fall back to none / the defaults). */
export function queryFromSearch(params: URLSearchParams): Required<UsersQuery> {
  return {
    q: params.get('q') ?? '',
    perPage: positive(params.get('perPage'), USERS_PER_PAGE),
    page: positive(params.get('page'), 1),
    role: oneOf<TUserRole>(params.get('role'), USER_ROLES),
    currentPlan: oneOf<TUserPlan>(params.get('currentPlan'), USER_PLANS),
    status: oneOf<TUserStatus>(params.get('status'), USER_STATUSES),
  };
}

type QueryChanges = Partial<Record<keyof UsersQuery, string | number>>;

/** `current` with `changes` (defaults and empty values dropped; the page back to 1 unless given). */
export function withChanges(current: URLSearchParams, changes: QueryChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === '' || value === undefined || (key === 'page' && value === 1) || (key === 'perPage' && value === USERS_PER_PAGE)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

function StatCard({ label, value, icon, color, loading }: { label: string; value: number; icon: ReactNode; color: 'primary' | 'error' | 'success' | 'warning'; loading: boolean }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {loading ? <Skeleton width={48} /> : value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Box>
        <Avatar variant="rounded" aria-hidden sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText` }}>
          {icon}
        </Avatar>
      </CardContent>
    </Card>
  );
}

/** The user list screen (see the module comment). */
export function UserList() {
  const { t } = useTranslation('demo-users');
  const [params, setParams] = useSearchParams();
  const query = queryFromSearch(params);
  const [search, setSearch] = useState(query.q);
  const [adding, setAdding] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TUser | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const users = useUsers(query);
  const all = useAllUsers();

  const update = (changes: QueryChanges) => setParams((current) => withChanges(current, changes), { replace: true });

  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => setParams((current) => withChanges(current, { q: value }), { replace: true }), SEARCH_DELAY_MS);
  };

  // A delete can empty the last page: show the new last one.
  const total = users.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const pastTheEnd = users.isSuccess && !users.isPlaceholderData && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setParams((current) => withChanges(current, { page: lastPage }), { replace: true });
  }, [pastTheEnd, lastPage, setParams]);

  const rows = users.data?.users ?? [];
  const filtered = query.q !== '' || query.role !== '' || query.currentPlan !== '' || query.status !== '';
  const allUsers = all.data ?? [];

  const filterSelect = <T extends string>(key: 'role' | 'currentPlan' | 'status', values: readonly T[], labelKey: 'roles' | 'plans' | 'statuses') => (
    <TextField
      select
      fullWidth
      label={t(`filters.${key}`)}
      value={query[key]}
      onChange={(event) => update({ [key]: event.target.value })}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={`user-filter-${key}`}
    >
      <MenuItem value="">{t(`filters.all.${key}`)}</MenuItem>
      {values.map((value) => (
        <MenuItem key={value} value={value}>
          {t(`${labelKey}.${value}` as 'roles.admin')}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="user-list">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('list.title')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard label={t('stats.total')} value={allUsers.length} icon={<GroupOutlined />} color="primary" loading={all.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard label={t('stats.paid')} value={allUsers.filter((user) => user.currentPlan !== 'basic').length} icon={<PersonAddAltOutlined />} color="error" loading={all.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard label={t('stats.active')} value={allUsers.filter((user) => user.status === 'active').length} icon={<VerifiedUserOutlined />} color="success" loading={all.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard label={t('stats.pending')} value={allUsers.filter((user) => user.status === 'pending').length} icon={<HourglassEmptyOutlined />} color="warning" loading={all.isPending} />
        </Grid>
      </Grid>

      <Card>
        <CardHeader title={t('filters.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>{filterSelect('role', USER_ROLES, 'roles')}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{filterSelect('currentPlan', USER_PLANS, 'plans')}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{filterSelect('status', USER_STATUSES, 'statuses')}</Grid>
          </Grid>
        </CardContent>
        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2.5 }}>
          <TextField
            size="small"
            type="search"
            label={t('list.search')}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            sx={{ flexGrow: 1, minWidth: 220, maxWidth: { md: 360 } }}
            slotProps={{ input: { startAdornment: (<InputAdornment position="start"><Search fontSize="small" /></InputAdornment>) }, htmlInput: { 'data-testid': 'user-search' } }}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(Date.now())} data-testid="user-add-open">
            {t('list.add')}
          </Button>
        </Box>
        <ListState
          query={users}
          isEmpty={rows.length === 0}
          skeleton={{ rows: 6, rowHeight: 52, sx: { px: 2.5, pb: 2.5 }, label: t('list.loading') }}
          errorSx={{ mx: 2.5, mb: 2.5 }}
          empty={
            <ListEmpty
              testId="user-list-empty"
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
                ) : undefined
              }
            />
          }
        >
          <TableContainer>
            <Table aria-label={t('list.title')} sx={{ minWidth: 760 }} data-testid="user-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.user')}</TableCell>
                  <TableCell>{t('columns.role')}</TableCell>
                  <TableCell>{t('columns.plan')}</TableCell>
                  <TableCell>{t('columns.status')}</TableCell>
                  <TableCell align="right">{t('columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody sx={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
                {rows.map((user) => (
                  <TableRow key={user.id} hover data-testid="user-row" data-user-id={user.id}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        <UserAvatar user={user} />
                        <Box sx={{ minWidth: 0 }}>
                          <Link component={RouterLink} to={`/apps/user/view/${user.id}`} underline="hover" sx={{ fontWeight: 600, display: 'block' }}>
                            {user.fullName}
                          </Link>
                          <Typography variant="caption" color="text.secondary">
                            @{user.username}
                          </Typography>
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell data-testid="user-role">
                      <RoleLabel role={user.role} />
                    </TableCell>
                    <TableCell>{t(`plans.${user.currentPlan}`)}</TableCell>
                    <TableCell>
                      <StatusChip status={user.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('actions.view')}>
                        <IconButton component={RouterLink} to={`/apps/user/view/${user.id}`} aria-label={t('actions.viewUser', { name: user.fullName })}>
                          <VisibilityOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('actions.edit')}>
                        <IconButton component={RouterLink} to={`/apps/user/edit/${user.id}`} aria-label={t('actions.editUser', { name: user.fullName })}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('actions.delete')}>
                        <IconButton onClick={() => setDeleting(user)} aria-label={t('actions.deleteUser', { name: user.fullName })} data-testid="user-delete">
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {users.isError && (
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
          testId="user-pagination"
        />
      </Card>

      {adding !== null && (
        <AddUserDrawer
          key={adding}
          open
          onClose={() => setAdding(null)}
          onAdded={(user) => {
            setAdding(null);
            setToast(t('add.done', { name: user.fullName }));
          }}
        />
      )}
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(user) => {
          setDeleting(null);
          setToast(t('delete.done', { name: user.fullName }));
        }}
      />
      <Snackbar open={toast !== null} autoHideDuration={4000} onClose={() => setToast(null)} message={toast ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}
