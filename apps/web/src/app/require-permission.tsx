/**
 * Permission guard of a route (docs/requirements/roles.md): the same `{action, subject}` as its
 * menu entry. A route the abilities do not allow shows the not-authorized content in place, keeping
 * the URL.
 */
import { useAbility } from '@casl/react';
import type { ReactNode } from 'react';
import { allows, type AppAbility, type Permission } from '../lib/ability.ts';
import { NotAuthorizedContent } from '../pages/misc/not-authorized.tsx';

export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const ability = useAbility<AppAbility>();
  return allows(ability, permission) ? children : <NotAuthorizedContent />;
}
