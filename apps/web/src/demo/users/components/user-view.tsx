/**
 * A user's page (`/apps/user/view/:id`; docs/requirements/calls.md `GET /api/users/user?id=`): the
 * user card (avatar, name, role, sample statistics, details, Edit and Suspend/Activate), the plan
 * card (price and limits, Upgrade) and the permissions table of the user's role. Suspend and
 * Upgrade save through update-user. A missing user shows "not found" with a way back to the list.
 */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ListError } from '../../../components/list-state.tsx';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import type { TUser } from '../schema.ts';
import { RoleLabel, StatusChip, UserAvatar } from './user-badges.tsx';
import { nextPlan, PERMISSION_ACTIONS, PERMISSION_MODULES, PLAN_FACTS, rolePermits } from './user-plans.ts';

/** The route's `:id` as a user id, or null. */
export function useUserIdParam(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** "Not found" for a missing user, else the error with Retry. */
export function UserLoadProblem({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation('demo-users');
  if (error instanceof DemoRequestError && error.status === 404) {
    return (
      <Alert
        severity="warning"
        data-testid="user-not-found"
        action={
          <Button component={RouterLink} to="/apps/user/list" color="inherit" size="small">
            {t('view.backToList')}
          </Button>
        }
      >
        {t('view.notFound')}
      </Alert>
    );
  }
  return <ListError error={error} onRetry={onRetry} />;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {label}:
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}

function UserCard({ user, onToggleStatus }: { user: TUser; onToggleStatus: () => void }) {
  const { t, i18n } = useTranslation('demo-users');
  const number = new Intl.NumberFormat(i18n.language, { notation: 'compact' });
  // Sample activity figures, stable per user (the template showed fixed ones).
  const tasks = 200 + ((user.id * 137) % 1800);
  const projects = 20 + ((user.id * 53) % 580);
  const suspended = user.status === 'inactive';
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, pt: 4 }}>
        <UserAvatar user={user} size={96} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }} data-testid="user-view-name">
          {user.fullName}
        </Typography>
        <Chip size="small" label={<RoleLabel role={user.role} />} />
        <Box sx={{ display: 'flex', gap: 4, my: 1.5 }}>
          {[
            { icon: <TaskAltOutlined />, value: tasks, label: t('view.tasksDone') },
            { icon: <FolderOutlined />, value: projects, label: t('view.projectsDone') },
          ].map((stat) => (
            <Box key={stat.label} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Avatar variant="rounded" aria-hidden sx={{ bgcolor: 'action.selected', color: 'primary.main' }}>
                {stat.icon}
              </Avatar>
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{number.format(stat.value)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {stat.label}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
      <Divider />
      <CardContent>
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('view.details')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          <Detail label={t('fields.username')}>@{user.username}</Detail>
          <Detail label={t('fields.email')}>{user.email}</Detail>
          <Detail label={t('fields.status')}>
            <StatusChip status={user.status} />
          </Detail>
          <Detail label={t('fields.role')}>{t(`roles.${user.role}`)}</Detail>
          <Detail label={t('fields.company')}>{user.company}</Detail>
          <Detail label={t('fields.contact')}>{user.contact}</Detail>
          <Detail label={t('fields.country')}>{user.country}</Detail>
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', mt: 3 }}>
          <Button variant="contained" component={RouterLink} to={`/apps/user/edit/${user.id}`}>
            {t('actions.edit')}
          </Button>
          <Button variant="outlined" color={suspended ? 'success' : 'error'} onClick={onToggleStatus} data-testid="user-toggle-status">
            {suspended ? t('view.activate') : t('view.suspend')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function PlanCard({ user, onUpgrade, busy }: { user: TUser; onUpgrade: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('demo-users');
  const facts = PLAN_FACTS[user.currentPlan];
  const price = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(facts.monthlyPrice);
  const upgrade = nextPlan(user.currentPlan);
  const features = [t('plan.users', { count: facts.users }), t('plan.storage', { size: new Intl.NumberFormat(i18n.language).format(facts.storageGb) }), t(`plan.support.${facts.support}`)];
  return (
    <Card sx={{ border: 2, borderColor: 'primary.main' }} data-testid="user-plan-card">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Chip color="primary" size="small" label={t(`plans.${user.currentPlan}`)} />
          <Typography component="p">
            <Typography component="span" variant="h4" color="primary" sx={{ fontWeight: 700 }}>
              {price}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              {t('plan.perMonth')}
            </Typography>
          </Typography>
        </Box>
        <List dense>
          {features.map((feature) => (
            <ListItem key={feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircleOutline fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText primary={feature} />
            </ListItem>
          ))}
        </List>
        <Button fullWidth variant="contained" disabled={!upgrade || busy} onClick={onUpgrade} data-testid="user-upgrade-plan">
          {upgrade ? t('plan.upgradeTo', { plan: t(`plans.${upgrade}`) }) : t('plan.top')}
        </Button>
      </CardContent>
    </Card>
  );
}

function PermissionsCard({ user }: { user: TUser }) {
  const { t } = useTranslation('demo-users');
  return (
    <Card>
      <CardHeader title={t('permissions.title')} subheader={t('permissions.subtitle', { role: t(`roles.${user.role}`) })} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <TableContainer>
        <Table aria-label={t('permissions.title')} data-testid="user-permissions">
          <TableHead>
            <TableRow>
              <TableCell>{t('permissions.module')}</TableCell>
              {PERMISSION_ACTIONS.map((action) => (
                <TableCell key={action} align="center">
                  {t(`permissions.actions.${action}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {PERMISSION_MODULES.map((module) => (
              <TableRow key={module}>
                <TableCell component="th" scope="row">
                  {t(`permissions.modules.${module}`)}
                </TableCell>
                {PERMISSION_ACTIONS.map((action) => (
                  <TableCell key={action} align="center" padding="checkbox">
                    <Checkbox
                      checked={rolePermits(user.role, module, action)}
                      disabled
                      slotProps={{ input: { 'aria-label': `${t(`permissions.modules.${module}`)}: ${t(`permissions.actions.${action}`)}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/** The user view screen (see the module comment). */
export function UserView() {
  const { t } = useTranslation('demo-users');
  const id = useUserIdParam();
  const user = useUser(id);
  const updateUser = useUpdateUser();
  const [confirming, setConfirming] = useState(false);
  const [toast, setToast] = useState<string | null>(null);

  if (id === null) return <UserLoadProblem error={new DemoRequestError('bad id', 404)} onRetry={() => undefined} />;
  if (user.isPending) {
    return (
      <Grid container spacing={3} aria-busy="true" aria-label={t('view.loading')}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Skeleton variant="rounded" height={560} />
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Skeleton variant="rounded" height={320} />
        </Grid>
      </Grid>
    );
  }
  if (user.isError) return <UserLoadProblem error={user.error} onRetry={() => void user.refetch()} />;

  const current = user.data;
  const suspended = current.status === 'inactive';
  const save = (changed: TUser, message: string) =>
    updateUser.mutate(changed, {
      onSuccess: () => setToast(message),
      onError: () => setToast(t('edit.failed')),
    });

  return (
    <Grid container spacing={3} data-testid="user-view">
      <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <UserCard user={current} onToggleStatus={() => setConfirming(true)} />
        <PlanCard
          user={current}
          busy={updateUser.isPending}
          onUpgrade={() => {
            const upgrade = nextPlan(current.currentPlan);
            if (upgrade) save({ ...current, currentPlan: upgrade }, t('plan.upgraded', { plan: t(`plans.${upgrade}`) }));
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 7, lg: 8 }}>
        <PermissionsCard user={current} />
      </Grid>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="user-status-title">
        <DialogTitle id="user-status-title">{suspended ? t('view.activateTitle') : t('view.suspendTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{suspended ? t('view.activateText', { name: current.fullName }) : t('view.suspendText', { name: current.fullName })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="contained"
            color={suspended ? 'success' : 'error'}
            onClick={() => {
              setConfirming(false);
              save({ ...current, status: suspended ? 'active' : 'inactive' }, suspended ? t('view.activated') : t('view.suspended'));
            }}
          >
            {suspended ? t('view.activate') : t('view.suspend')}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar open={toast !== null} autoHideDuration={4000} onClose={() => setToast(null)} message={toast ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Grid>
  );
}
