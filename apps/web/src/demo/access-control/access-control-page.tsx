/**
 * `/access-control`: the template's ACL demo (docs/requirements/routes.md and roles.md). The route
 * needs `read ACL` (the demo client's ability); the cards below appear by ability:
 * - Common: everyone who may open the page;
 * - Reading access control: `read ACL` (client and admin);
 * - Administrator: `manage all` (admin only).
 *
 * DineDesk users are owners, agents, … rather than the template's demo roles, so a "view as"
 * switch previews the page with the docs/requirements/roles.md demo roles (admin: manage all;
 * client: read on ACL and Auth) next to the viewer's own abilities. The preview changes nothing on
 * the server.
 */
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Public from '@mui/icons-material/Public';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import type { TAbilityRule } from '@dinedesk/contracts';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { allows, buildAbility, SUBJECTS, type AppAbility } from '../../lib/ability.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useDemoMock } from '../mock/start.ts';

/** The template's demo roles (docs/requirements/roles.md). */
export const DEMO_ROLE_RULES = {
  admin: [{ action: 'manage', subject: 'all' }],
  client: [
    { action: 'read', subject: SUBJECTS.acl },
    { action: 'read', subject: SUBJECTS.auth },
  ],
} as const satisfies Record<string, readonly TAbilityRule[]>;

type Viewer = 'mine' | 'admin' | 'client';
const VIEWERS: readonly Viewer[] = ['mine', 'admin', 'client'];

function AclCard({ icon, title, body, testId }: { icon: ReactNode; title: string; body: string; testId: string }) {
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2 }}>
        <Box aria-hidden sx={{ color: 'primary.main', pt: 0.25 }}>
          {icon}
        </Box>
        <Box>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {body}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The ACL demo page: cards by ability, a "view as" switch and the rules in effect. */
function AccessControlPage() {
  const { t } = useTranslation('demo');
  useDocumentTitle(t('pages.accessControl'));
  // A demo route: the demo mock starts here, never on a product screen (demo/mock/start.ts).
  useDemoMock();
  const viewAsId = useId();
  const own = useAbility<AppAbility>();
  const ownRules = useSessionStore((state) => state.userData?.ability);
  const [viewer, setViewer] = useState<Viewer>('mine');
  const rules: readonly TAbilityRule[] = viewer === 'mine' ? (ownRules ?? []) : DEMO_ROLE_RULES[viewer];
  const ability = useMemo(() => (viewer === 'mine' ? own : buildAbility([...DEMO_ROLE_RULES[viewer]])), [viewer, own]);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {t('accessControl.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 720, mt: 0.5 }}>
          {t('accessControl.subtitle')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography id={viewAsId} variant="subtitle2">
          {t('accessControl.viewAs')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={viewer}
          onChange={(_event, next: Viewer | null) => next && setViewer(next)}
          aria-labelledby={viewAsId}
          sx={{ flexWrap: 'wrap' }}
        >
          {VIEWERS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`accessControl.viewAsOptions.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <AclCard
          testId="acl-common"
          icon={<Public />}
          title={t('accessControl.common.title')}
          body={t('accessControl.common.body')}
        />
        {allows(ability, { action: 'read', subject: SUBJECTS.acl }) && (
          <AclCard
            testId="acl-client"
            icon={<VerifiedUser />}
            title={t('accessControl.client.title')}
            body={t('accessControl.client.body')}
          />
        )}
        {allows(ability, { action: 'manage', subject: 'all' }) && (
          <AclCard
            testId="acl-admin"
            icon={<AdminPanelSettings />}
            title={t('accessControl.admin.title')}
            body={t('accessControl.admin.body')}
          />
        )}
      </Box>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
            {t('accessControl.rules.title')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('accessControl.rules.caption')}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('accessControl.rules.action')}</TableCell>
                  <TableCell scope="col">{t('accessControl.rules.subject')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="acl-rules">
                {rules.map((rule, index) => (
                  <TableRow key={`${rule.action}-${rule.subject}-${index}`}>
                    <TableCell>
                      <code>{rule.inverted ? `¬ ${rule.action}` : rule.action}</code>
                    </TableCell>
                    <TableCell>
                      <code>{rule.subject}</code>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export default AccessControlPage;
