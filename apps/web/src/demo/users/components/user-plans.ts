/**
 * What the view page's plan card shows per plan (docs/requirements/data.md plans basic, team,
 * company, enterprise): a monthly price in US dollars and its limits. The template showed fixed
 * sample values; these follow the docs/requirements/constants.md sample pricing where the names
 * meet (Basic 0, Enterprise 99).
 */
import type { TUserPlan, TUserRole } from '../schema.ts';

export interface PlanFacts {
  /** US dollars per month. */
  monthlyPrice: number;
  users: number;
  storageGb: number;
  support: 'basic' | 'priority' | 'dedicated';
}

export const PLAN_FACTS: Readonly<Record<TUserPlan, PlanFacts>> = {
  basic: { monthlyPrice: 0, users: 1, storageGb: 2, support: 'basic' },
  team: { monthlyPrice: 49, users: 10, storageGb: 20, support: 'basic' },
  company: { monthlyPrice: 79, users: 50, storageGb: 100, support: 'priority' },
  enterprise: { monthlyPrice: 99, users: 250, storageGb: 1000, support: 'dedicated' },
};

/** The plan after `plan`, or null for the top one. */
export function nextPlan(plan: TUserPlan): TUserPlan | null {
  const order: readonly TUserPlan[] = ['basic', 'team', 'company', 'enterprise'];
  return order[order.indexOf(plan) + 1] ?? null;
}

export const PERMISSION_MODULES = ['users', 'articles', 'invoices', 'reports'] as const;
export const PERMISSION_ACTIONS = ['read', 'write', 'create', 'delete'] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const ROLE_ACTIONS: Readonly<Record<TUserRole, readonly PermissionAction[]>> = {
  admin: PERMISSION_ACTIONS,
  editor: ['read', 'write', 'create'],
  maintainer: ['read', 'write'],
  author: ['read', 'create'],
  subscriber: ['read'],
};

/**
 * Whether `role` may do `action` on `module`: the template's sample permissions, by role
 * (user management stays with admins).
 */
export function rolePermits(role: TUserRole, module: PermissionModule, action: PermissionAction): boolean {
  if (module === 'users' && role !== 'admin') return action === 'read' && role !== 'subscriber';
  return ROLE_ACTIONS[role].includes(action);
}
