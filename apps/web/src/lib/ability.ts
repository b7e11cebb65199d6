/**
 * CASL abilities of the signed-in user (docs/requirements/roles.md). The rules come from the server
 * in `userData.ability`; the server stays the authority (it checks every call), the client
 * only hides what the user cannot do.
 */
import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { DEFAULT_ABILITY, type TAbilityRule } from '@dinedesk/contracts';

export type AppAbility = MongoAbility;

/** An `{action, subject}` pair declared by a menu item, a route or a button. */
export interface Permission {
  action: string;
  subject: string;
}

/**
 * Subjects the web client checks. Owners receive `manage` on each module subject plus
 * `manage User`/`Access` and `read AuditLog`, never `manage all`; only super admins have
 * `manage all` (docs/decisions/0003-roles-and-abilities.md).
 */
export const SUBJECTS = {
  /** The Overview at `/`: whoever reads reviews or Business Overview. */
  overview: 'Overview',
  review: 'Review',
  reviewReply: 'ReviewReply',
  /** "Sync now": `update ReviewSync` (owners, brand and outlet managers). */
  reviewSync: 'ReviewSync',
  /** Facebook connections: `read` the accounts and token health, `create` connect (owners). */
  pageConnection: 'PageConnection',
  /** Reply templates: `read` (every role of the reviews module), `manage` (owners, brand managers). */
  replyTemplate: 'ReplyTemplate',
  complaint: 'Complaint',
  ticket: 'Ticket',
  competitorAnalysis: 'CompetitorAnalysis',
  automation: 'Automation',
  menuManagement: 'MenuManagement',
  businessOverview: 'BusinessOverview',
  reporting: 'Reporting',
  digitalMarketing: 'DigitalMarketing',
  /** The template's access-control demo (docs/requirements/roles.md: the demo client reads ACL and
   * Auth). */
  acl: 'ACL',
  auth: 'Auth',
  /** Users & access (owners: `manage User`). */
  user: 'User',
  /** `create Client`: onboarding, super admins only. */
  client: 'Client',
} as const;

/**
 * Builds the ability of `rules`, or of a signed-out visitor (read on Auth,
 * docs/requirements/roles.md) when there are none.
 */
export function buildAbility(rules: readonly TAbilityRule[] | null | undefined): AppAbility {
  // TAbilityRule.conditions is `Record<string, unknown>` on the wire; CASL types it as a
  // MongoQuery. The shapes are the same JSON, so the rules are passed through unchanged.
  return createMongoAbility((rules ?? DEFAULT_ABILITY) as RawRuleOf<AppAbility>[]);
}

/** Whether `ability` allows `permission`; a missing permission means "public". */
export function allows(ability: AppAbility, permission: Partial<Permission> | undefined): boolean {
  if (!permission?.action || !permission.subject) return true;
  return ability.can(permission.action, permission.subject);
}
