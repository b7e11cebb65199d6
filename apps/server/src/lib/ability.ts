import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { MODULES, MODULE_SUBJECTS, type TAbilityRule, type TModule, type TRole } from '@dinedesk/contracts';

/** Subjects of the reviews module that scoped roles may write (the rest of a module is read). */
const REPLY_SUBJECTS = [
  { action: 'create', subject: 'ReviewReply' },
  { action: 'create', subject: 'Message' },
  // The team's internal thread: everyone of the module but viewers writes in it.
  { action: 'create', subject: 'InternalComment' },
  // Complaints and tickets: all but viewers open, flag, link and work them.
  { action: 'create', subject: 'Complaint' },
  { action: 'update', subject: 'Complaint' },
  { action: 'create', subject: 'Ticket' },
  { action: 'update', subject: 'Ticket' },
] as const;

/**
 * The ability list sent in `userData.ability` and enforced by the server on every call
 * (docs/requirements/roles.md; roles in docs/decisions/0003-roles-and-abilities.md, modules in
 * 0008).
 *
 * - `super_admin`: `manage all` (onboards clients: `create Client`; switches into any client).
 * - `client_owner`: every module, users and access of their client (`manage User`,
 *   `manage Access`, `read AuditLog`), never `create Client`.
 * - other roles: only the subjects of their granted `modules`; within the reviews module,
 *   managers reply, delete replies and sync, agents reply (and edit replies), viewers read;
 *   every role of the module reads the reply templates, owners and brand managers manage them;
 *   every role reads the internal comments and complaints, all but viewers write them;
 *   owners alone extend a client's complaint root causes (`manage Complaint`) and set its SLA
 *   policy (`manage Ticket`); all but viewers open and work tickets; every role reads the
 *   competitor analysis, owners and brand managers choose competitors (`update CompetitorAnalysis`);
 * - Menu Management: every role of the module reads it, owners, brand and outlet
 *   managers edit menu items (`update MenuManagement`).
 * - The Overview: `read Overview` for owners and for every role granted the reviews
 *   or the Business Overview module; its parts follow the subjects above.
 *
 * Subjects: Auth, Client (details), Brand (list brands), User, Access, AuditLog, and the module
 * subjects of `MODULE_SUBJECTS` (Review, ReviewReply, ReviewSync, PageConnection, Conversation,
 * Message, …). PageConnection is read by every role with the reviews module and created
 * (Facebook connect) by owners only (docs/decisions/0022).
 * @param modules granted modules; ignored for owners and super admins (they have all)
 */
export function abilityRulesFor(role: TRole, modules: readonly TModule[] = MODULES): TAbilityRule[] {
  if (role === 'super_admin') return [{ action: 'manage', subject: 'all' }];
  const rules: TAbilityRule[] = [
    { action: 'read', subject: 'Auth' },
    // The template's ACL demo page (/access-control) is readable by every signed-in user, as by
    // the template's "client" role (docs/requirements/roles.md: client reads ACL and Auth).
    { action: 'read', subject: 'ACL' },
    { action: 'read', subject: 'Client' },
    { action: 'read', subject: 'Brand' },
  ];
  if (role === 'client_owner') {
    for (const m of MODULES) for (const subject of MODULE_SUBJECTS[m]) rules.push({ action: 'manage', subject });
    rules.push({ action: 'manage', subject: 'User' }, { action: 'manage', subject: 'Access' }, { action: 'read', subject: 'AuditLog' }, { action: 'read', subject: 'Overview' });
    return rules;
  }
  const granted = new Set(modules);
  for (const m of MODULES) {
    if (!granted.has(m)) continue;
    for (const subject of MODULE_SUBJECTS[m]) {
      // Only the reviews module has write subjects; a read rule on them would be meaningless.
      if (subject === 'ReviewReply' || subject === 'ReviewSync' || subject === 'Message') continue;
      rules.push({ action: 'read', subject });
    }
    if (m === 'reviews_and_complaints') {
      if (role !== 'viewer') rules.push(...REPLY_SUBJECTS.map((r) => ({ ...r })));
      if (role === 'brand_manager' || role === 'outlet_manager') rules.push({ action: 'update', subject: 'ReviewSync' }, { action: 'delete', subject: 'ReviewReply' });
      // Templates are the client's voice: brand managers shape it with the owners.
      if (role === 'brand_manager') rules.push({ action: 'manage', subject: 'ReplyTemplate' });
      // Choosing competitors is a positioning call for a brand (decision 0030):
      // brand managers with the owners; outlet managers, agents and viewers read the analysis.
      if (role === 'brand_manager') rules.push({ action: 'update', subject: 'CompetitorAnalysis' });
    }
    // Prices and availability are the managers' daily work (decision 0039); agents
    // and viewers read the menu and its audit history.
    if (m === 'menu_management' && (role === 'brand_manager' || role === 'outlet_manager')) rules.push({ action: 'update', subject: 'MenuManagement' });
  }
  // The Overview (decision 0040) shows reviews, conversations, complaints and tickets
  // (the reviews module) and orders (Business Overview): whoever reads one of them reads it.
  if (granted.has('reviews_and_complaints') || granted.has('business_overview')) rules.push({ action: 'read', subject: 'Overview' });
  return rules;
}

export type AppAbility = MongoAbility;

export function buildAbility(rules: TAbilityRule[]): AppAbility {
  return createMongoAbility(rules as never);
}
