import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { TAbilityRule, TRole } from '@dinedesk/contracts';

/**
 * The ability list sent in `userData.ability` and enforced by the server on every call
 * (spec §6; roles in docs/decisions/0003-roles-and-abilities.md). Subjects: Review (read the
 * reviews feed), ReviewReply (publish a public reply), ReviewSync (fetch from Facebook now),
 * Conversation (read the inbox), Message (send and react in the inbox),
 * Client (client details), Auth (sign-in pages).
 */
export function abilityRulesFor(role: TRole): TAbilityRule[] {
  const base: TAbilityRule[] = [{ action: 'read', subject: 'Auth' }, { action: 'read', subject: 'Client' }];
  const reader: TAbilityRule[] = [{ action: 'read', subject: 'Review' }, { action: 'read', subject: 'Conversation' }];
  const replier: TAbilityRule[] = [{ action: 'create', subject: 'ReviewReply' }, { action: 'create', subject: 'Message' }];
  switch (role) {
    case 'super_admin':
    case 'client_owner':
      return [{ action: 'manage', subject: 'all' }];
    case 'brand_manager':
    case 'outlet_manager':
      return [...base, ...reader, ...replier, { action: 'update', subject: 'ReviewSync' }];
    case 'agent':
      return [...base, ...reader, ...replier];
    case 'viewer':
      return [...base, ...reader];
  }
}

export type AppAbility = MongoAbility;

export function buildAbility(rules: TAbilityRule[]): AppAbility {
  return createMongoAbility(rules as never);
}
