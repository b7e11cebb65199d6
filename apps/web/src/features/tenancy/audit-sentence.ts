/**
 * One audit row in words (docs/decisions/0008 "Audit history in words"): "Priya changed Arjun's
 * access: removed Outlet 2", in the UI language, from what the server answers (actor, target and
 * the names of the ids in the details, this client's only). An id without a name is worded by
 * its kind ("an outlet"), never shown raw; an action this screen does not know yet still gets a
 * sentence naming who and what.
 */
import { MODULES, type TModule } from '@dinedesk/contracts';
import type { TAuditEntry } from '@dinedesk/contracts/audit';
import type { TFunction } from 'i18next';

type T = TFunction<['tenancy', 'translation']>;

interface AccessIds {
  brandIds?: unknown;
  outletIds?: unknown;
  modules?: unknown;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const count = (v: unknown): number => (typeof v === 'number' ? v : Array.isArray(v) ? v.length : 0);

/** Target kinds worded when their row has no name (a deleted row, another kind). */
const KIND_WORDS = ['user', 'invitation', 'outlet', 'brand', 'review', 'automation_rule', 'reply_template', 'google_location', 'client', 'facebook_account', 'google_connection', 'review_export', 'automation_run', 'automation_draft'] as const;

/**
 * @param language the UI language (lists: "A, B and C" as Intl.ListFormat says them)
 */
export function auditSentence(e: TAuditEntry, t: T, language: string): string {
  const list = (items: string[]) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
  const nameOf = (kind: string, id: string) => e.names[`${kind}:${id}`] ?? t(`tenancy:audit.thing.${kind === 'brand' ? 'brand' : kind === 'outlet' ? 'outlet' : 'user'}` as 'tenancy:audit.thing.user');
  const kindWord = (KIND_WORDS as readonly string[]).includes(e.target.kind) ? e.target.kind : 'other';
  const target = e.target.name ?? t(`tenancy:audit.thing.${kindWord as (typeof KIND_WORDS)[number]}`);
  const actor = e.actor?.name || (e.actor ? t('tenancy:audit.someone') : t('tenancy:audit.system'));
  const d = e.details;
  const role = (r: unknown) => (typeof r === 'string' && ['client_owner', 'brand_manager', 'outlet_manager', 'agent', 'viewer', 'super_admin'].includes(r) ? t(`translation:roles.${r as 'viewer'}`) : t('tenancy:audit.thing.other'));
  const moduleName = (m: string) => ((MODULES as readonly string[]).includes(m) ? t(`tenancy:modules.${m as TModule}`) : m);
  /** "added Outlet 2 and the Reporting module; removed Brand A" between two access id sets. */
  const accessChanges = (from: AccessIds | undefined, to: AccessIds | undefined): string[] => {
    const added: string[] = [];
    const removed: string[] = [];
    const diff = (a: string[], b: string[], word: (id: string) => string) => {
      for (const id of b) if (!a.includes(id)) added.push(word(id));
      for (const id of a) if (!b.includes(id)) removed.push(word(id));
    };
    diff(strings(from?.brandIds), strings(to?.brandIds), (id) => nameOf('brand', id));
    diff(strings(from?.outletIds), strings(to?.outletIds), (id) => nameOf('outlet', id));
    diff(strings(from?.modules), strings(to?.modules), (m) => t('tenancy:audit.module', { name: moduleName(m) }));
    return [...(added.length ? [t('tenancy:audit.added', { list: list(added) })] : []), ...(removed.length ? [t('tenancy:audit.removed', { list: list(removed) })] : [])];
  };
  const joined = (parts: string[]) => (parts.length ? parts.join('; ') : t('tenancy:audit.noChange'));
  const outlet = (id: unknown) => (typeof id === 'string' ? nameOf('outlet', id) : t('tenancy:audit.thing.outlet'));
  const base = { actor, target };
  switch (e.action) {
    case 'access.updated':
      return t('tenancy:audit.accessUpdated', { ...base, changes: joined(accessChanges(d.from as AccessIds, d.to as AccessIds)) });
    case 'role.changed':
      return t('tenancy:audit.roleChanged', { ...base, from: role(d.from), to: role(d.to) });
    case 'user.removed':
      return t('tenancy:audit.userRemoved', base);
    case 'user.invited':
      return t('tenancy:audit.userInvited', { ...base, email: text(d.email) ?? target, role: role(d.role) });
    case 'invitation.updated': {
      const from = (d.from ?? {}) as { role?: unknown; access?: AccessIds };
      const to = (d.to ?? {}) as { role?: unknown; access?: AccessIds };
      const parts = [...(from.role !== to.role ? [t('tenancy:audit.roleChange', { from: role(from.role), to: role(to.role) })] : []), ...accessChanges(from.access, to.access)];
      return t('tenancy:audit.invitationUpdated', { ...base, changes: joined(parts) });
    }
    case 'invitation.revoked':
      return t('tenancy:audit.invitationRevoked', { ...base, target: text(d.email) ?? target });
    case 'invitation.accepted':
      return t('tenancy:audit.invitationAccepted', { ...base, role: role(d.role) });
    case 'password.set':
      return t('tenancy:audit.passwordSet', base);
    case 'client.onboarded':
      return t('tenancy:audit.clientOnboarded', { ...base, brands: count(d.brands), outlets: count(d.outlets) });
    case 'review.reply':
      return t('tenancy:audit.reviewReply', base);
    case 'review.reply_edited':
      return t('tenancy:audit.reviewReplyEdited', base);
    case 'review.reply_deleted':
      return t('tenancy:audit.reviewReplyDeleted', base);
    case 'reviews.exported':
      return t('tenancy:audit.reviewsExported', { ...base, format: String(d.format ?? '').toUpperCase() || 'CSV' });
    case 'reply_template.created':
      return t('tenancy:audit.templateCreated', base);
    case 'reply_template.updated':
      return t('tenancy:audit.templateUpdated', base);
    case 'reply_template.deleted':
      return t('tenancy:audit.templateDeleted', base);
    case 'automation.rule_created':
      return t('tenancy:audit.ruleCreated', base);
    case 'automation.rule_updated':
      return t('tenancy:audit.ruleUpdated', base);
    case 'automation.rule_deleted':
      return t('tenancy:audit.ruleDeleted', base);
    case 'automation.run_now':
      return t('tenancy:audit.ruleRunNow', { ...base, rule: typeof d.ruleId === 'string' ? (e.names[`rule:${d.ruleId}`] ?? t('tenancy:audit.thing.automation_rule')) : t('tenancy:audit.thing.automation_rule') });
    case 'automation.draft_approved':
      return t('tenancy:audit.draftApproved', base);
    case 'automation.draft_rejected':
      return t('tenancy:audit.draftRejected', base);
    case 'competitor.added':
      return t('tenancy:audit.competitorAdded', { ...base, name: text(d.name) ?? t('tenancy:audit.thing.other') });
    case 'competitor.removed':
      return t('tenancy:audit.competitorRemoved', base);
    case 'orders.import.queued':
    case 'ads.import.queued':
      return t('tenancy:audit.importQueued', { ...base, file: text(d.fileName) ?? t('tenancy:audit.aFile') });
    case 'orders.import.imported':
    case 'ads.import.imported':
      return t('tenancy:audit.importDone', base);
    case 'orders.import.rejected':
    case 'ads.import.rejected':
      return t('tenancy:audit.importRejected', { ...base, count: count(d.problems) });
    case 'google.connected':
      return t('tenancy:audit.googleConnected', { ...base, email: text(d.email) ?? '' });
    case 'google.location_linked':
      return t('tenancy:audit.googleLinked', { ...base, outlet: outlet(d.outletId) });
    case 'google.location_unlinked':
      return t('tenancy:audit.googleUnlinked', { ...base, outlet: outlet(d.outletId) });
    case 'facebook.connected': {
      const pages = strings(d.pages).map((id) => e.names[`page:${id}`]).filter((n): n is string => Boolean(n));
      return t('tenancy:audit.facebookConnected', { ...base, count: count(d.pages), pages: pages.length ? list(pages) : t('tenancy:audit.noPages') });
    }
    case 'tickets.sla_policy':
      return t('tenancy:audit.slaPolicy', base);
    default:
      return t('tenancy:audit.other', base);
  }
}
