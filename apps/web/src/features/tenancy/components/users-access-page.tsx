/**
 * Users & access: the client's users with role, brands, outlets and modules; an
 * owner changes them with immediate effect (the server applies them to the user's next call
 * and open sockets), invites users, and reads the audit log. Nobody edits their own access.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CLIENT_ROLES, MODULES, type TClientRole, type TClientUser, type TInvitation, type TModule } from '@dinedesk/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { auditSentence } from '../audit-sentence.ts';
import { useAllBrands } from '../api/get-all-brands.ts';
import { useClientOutlets } from '../api/get-client-outlets.ts';
import { useClientUsers } from '../api/get-client-users.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { useUpdateAccess } from '../api/update-access.ts';
import { InvitationLink } from './invitation-link.tsx';

const SCOPED: readonly TClientRole[] = ['brand_manager', 'outlet_manager'];

interface Option {
  id: string;
  label: string;
}

function UserRow({ user, self, brands, outlets }: { user: TClientUser; self: boolean; brands: Option[]; outlets: Option[] }) {
  const { t } = useTranslation();
  const { t: tt } = useTranslation('tenancy');
  const update = useUpdateAccess();
  const [role, setRole] = useState<TClientRole>(user.role);
  const [brandIds, setBrandIds] = useState(user.access.brandIds);
  const [outletIds, setOutletIds] = useState(user.access.outletIds);
  const [modules, setModules] = useState<TModule[]>(user.access.modules);
  const scoped = SCOPED.includes(role);
  const owner = role === 'client_owner';
  const dirty =
    role !== user.role ||
    brandIds.join() !== user.access.brandIds.join() ||
    outletIds.join() !== user.access.outletIds.join() ||
    modules.join() !== user.access.modules.join();
  return (
    <Card variant="outlined" data-testid={`user-${user.email}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ minWidth: 240 }}>
            <Typography variant="subtitle2">{user.fullName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {user.email}
            </Typography>
            {!user.active && <Chip size="small" label={tt('invited')} sx={{ ml: 1 }} />}
          </Box>
          <TextField select size="small" label={tt('role')} value={role} disabled={self} onChange={(e) => setRole(e.target.value as TClientRole)} sx={{ minWidth: 170 }}>
            {CLIENT_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" size="small" disabled={self || !dirty || update.isPending} onClick={() => update.mutate({ userId: user.id, role, brandIds, outletIds, modules })}>
            {tt('save')}
          </Button>
          <Button
            color="error"
            size="small"
            disabled={self || update.isPending}
            onClick={() => {
              if (window.confirm(tt('removeConfirm', { email: user.email }))) update.mutate({ userId: user.id, remove: true });
            }}
          >
            {tt('remove')}
          </Button>
        </Stack>
        {!owner && (
          <Stack spacing={1} sx={{ mt: 1.5 }}>
            <Box>
              {MODULES.map((m) => (
                <FormControlLabel
                  key={m}
                  disabled={self}
                  control={<Checkbox size="small" checked={modules.includes(m)} onChange={(e) => setModules(e.target.checked ? MODULES.filter((x) => x === m || modules.includes(x)) : modules.filter((x) => x !== m))} />}
                  label={tt(`modules.${m}`)}
                />
              ))}
            </Box>
            {scoped && (
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Autocomplete
                  multiple
                  size="small"
                  disabled={self}
                  options={brands}
                  value={brands.filter((b) => brandIds.includes(b.id))}
                  onChange={(_e, v) => setBrandIds(v.map((o) => o.id))}
                  renderInput={(params) => <TextField {...params} label={tt('brands')} />}
                  sx={{ flex: 1 }}
                />
                <Autocomplete
                  multiple
                  size="small"
                  disabled={self}
                  options={outlets}
                  value={outlets.filter((o) => outletIds.includes(o.id))}
                  onChange={(_e, v) => setOutletIds(v.map((o) => o.id))}
                  renderInput={(params) => <TextField {...params} label={tt('outlets')} />}
                  sx={{ flex: 1 }}
                />
              </Stack>
            )}
          </Stack>
        )}
        {update.error && <Alert severity="error" sx={{ mt: 1 }}>{update.error.message}</Alert>}
      </CardContent>
    </Card>
  );
}

function InviteForm() {
  const { t } = useTranslation();
  const { t: tt } = useTranslation('tenancy');
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<TClientRole>('viewer');
  // The answer is the same for every email: always a link, never "already has an account".
  const [sent, setSent] = useState<{ email: string; invitation: TInvitation } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invite.isPending) return;
    invite.mutate({ email, fullName, role }, { onSuccess: (r) => setSent({ email: r.user.email, invitation: r.invitation }) });
  };
  return (
    <Card variant="outlined">
      <CardContent component="form" onSubmit={submit}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {tt('inviteTitle')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField size="small" required type="email" label={tt('email')} value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField size="small" required label={tt('fullName')} value={fullName} onChange={(e) => setFullName(e.target.value)} />
          <TextField select size="small" label={tt('role')} value={role} onChange={(e) => setRole(e.target.value as TClientRole)} sx={{ minWidth: 170 }}>
            {CLIENT_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {tt('invite')}
          </Button>
        </Stack>
        {invite.error && <Alert severity="error" sx={{ mt: 1.5 }}>{invite.error.message}</Alert>}
        {sent && (
          <Box sx={{ mt: 1.5 }}>
            <InvitationLink invitation={sent.invitation} email={sent.email} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Heights in px of a user's card and of an audit line, what the loading placeholders stand for. */
const USER_ROW_HEIGHT = 88;
const AUDIT_ROW_HEIGHT = 24;

function AuditLog() {
  const { t: tt } = useTranslation('tenancy');
  const { t: both, i18n } = useTranslation(['tenancy', 'translation']);
  const log = useAuditLog();
  const entries = log.data?.data ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {tt('auditLog')}
        </Typography>
        <ListState
          query={log}
          isEmpty={entries.length === 0}
          skeleton={{ rows: 5, rowHeight: AUDIT_ROW_HEIGHT, spacing: 0.5 }}
          empty={<ListEmpty testId="audit-log-empty" title={tt('auditLogEmpty')} sx={{ p: 2 }} />}
        >
          {entries.slice(0, 30).map((e) => (
            <Typography key={e.id} variant="body2" sx={{ py: 0.25 }} data-testid="audit-entry">
              <Box component="time" dateTime={e.at} sx={{ color: 'text.secondary', mr: 1 }}>
                {formatDate(e.at, i18n.language, true)}
              </Box>
              {auditSentence(e, both, i18n.language)}
            </Typography>
          ))}
        </ListState>
      </CardContent>
    </Card>
  );
}

export default function UsersAccessPage() {
  const { t: tt } = useTranslation('tenancy');
  const me = useSessionStore((s) => s.userData?.id);
  const users = useClientUsers();
  const brands = useAllBrands();
  const outlets = useClientOutlets();
  const userRows = users.data?.data ?? [];
  const brandOptions: Option[] = (brands.data?.data ?? []).map((b) => ({ id: b.id, label: b.name }));
  const outletOptions: Option[] = (outlets.data ?? []).flatMap((b) => b.outlets.map((o) => ({ id: o.id, label: `${o.name} (${b.name})` })));
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{tt('usersTitle')}</Typography>
      <InviteForm />
      <ListState
        query={users}
        isEmpty={userRows.length === 0}
        skeleton={{ rows: 3, rowHeight: USER_ROW_HEIGHT, spacing: 2 }}
        empty={<ListEmpty testId="users-empty" title={tt('noUsers')} />}
      >
        {userRows.map((u) => (
          <UserRow key={`${u.id}:${u.role}:${u.access.modules.join()}:${u.access.brandIds.join()}:${u.access.outletIds.join()}`} user={u} self={u.id === me} brands={brandOptions} outlets={outletOptions} />
        ))}
      </ListState>
      <AuditLog />
    </Stack>
  );
}
