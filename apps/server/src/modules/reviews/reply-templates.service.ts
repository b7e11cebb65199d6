import type { TReplyTemplate, TSaveReplyTemplateRequest } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import type { AuthContext } from '../access/index.ts';
import * as repo from './reviews.repository.ts';

/**
 * Reply templates of the caller's client: everyone of the reviews module reads them
 * (the composer offers them), owners and brand managers create, change and delete them
 * (`manage ReplyTemplate`); a template an automation rule posts only owners may change or delete
 * (decision 0044). Names are unique per client. Variables are filled by the web app,
 * where the reply stays editable before it goes out (contracts `fillTemplate`).
 */

const view = (t: repo.ReplyTemplateRow & { updatedByName?: string | null }): TReplyTemplate => ({
  id: t.id,
  name: t.name,
  body: t.body,
  updatedAt: t.updatedAt.toISOString(),
  updatedByName: t.updatedByName ?? null,
});

export async function listTemplates(ctx: AppContext, auth: AuthContext): Promise<TReplyTemplate[]> {
  return (await repo.listReplyTemplates(ctx.db, auth.clientId!)).map(view);
}

/**
 * Creates a template, or with `id` changes one.
 * @throws HttpError 404 naming `body.id` (unknown or another client's), 409 naming `body.name`
 *   (name taken), 403 naming `body.id` when an automation rule posts it and the caller may not
 *   edit rules
 */
export async function saveTemplate(ctx: AppContext, auth: AuthContext, req: TSaveReplyTemplateRequest): Promise<TReplyTemplate> {
  const clientId = auth.clientId!;
  const at = ctx.now();
  const taken = () => new HttpError(409, `A template named “${req.name}” exists already; choose another name.`, { field: 'body.name', code: 'template_name_taken' });
  const gone = () => new HttpError(404, `Template ${req.id} not found`, { field: 'body.id' });
  let saved: repo.ReplyTemplateRow;
  try {
    saved = await ctx.db.transaction(async (tx) => {
      let row: repo.ReplyTemplateRow | null;
      if (req.id) {
        const existing = await repo.getReplyTemplate(tx, req.id);
        if (!existing || existing.clientId !== clientId) throw gone();
        await assertMayChangeRuleTemplate(tx, auth, req.id, 'change');
        row = await repo.updateReplyTemplate(tx, req.id, clientId, { name: req.name, body: req.body, updatedAt: at, updatedBy: auth.userId });
        // Deleted by someone else since it was read: not a name clash.
        if (!row && !(await repo.getReplyTemplate(tx, req.id))) throw gone();
      } else {
        row = await repo.insertReplyTemplate(tx, { clientId, name: req.name, body: req.body, updatedAt: at, updatedBy: auth.userId });
      }
      if (!row) throw taken();
      await audit(tx, { clientId, actorUserId: auth.userId, action: req.id ? 'reply_template.updated' : 'reply_template.created', target: `reply_template:${row.id}`, details: { name: row.name }, at });
      return row;
    });
  } catch (e) {
    // Two saves of one name at once: the unique index decides, the loser hears why.
    if (uniqueViolation(e)) throw taken();
    throw e;
  }
  return view({ ...saved, updatedByName: auth.fullName });
}

/**
 * A template an automation rule posts (a `reply` or `draft` pool) speaks for the rule's owner on
 * every outlet the rule covers, some of which the editor may not see: only those who may edit
 * rules (`manage Automation`, owners) change or delete it (docs/decisions/0044). The rows of the
 * rules naming it are locked, so a rule cannot start using it halfway through the change.
 * @throws HttpError 403 naming `body.id` and the rules
 */
async function assertMayChangeRuleTemplate(tx: Db, auth: AuthContext, templateId: string, verb: 'change' | 'delete'): Promise<void> {
  if (auth.ability.can('manage', 'Automation')) return;
  const rules = await repo.rulesUsingTemplate(tx, auth.clientId!, templateId);
  if (!rules.length) return;
  throw new HttpError(403, `This template is posted by the automation rule${rules.length > 1 ? 's' : ''} ${rules.map((r) => `“${r}”`).join(', ')}: only an owner may ${verb} it`, { field: 'body.id', code: 'template_used_by_rule' });
}

/** @throws HttpError 404 naming `body.id`; 403 when an automation rule uses it and the caller may not edit rules */
export async function deleteTemplate(ctx: AppContext, auth: AuthContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const existing = await repo.getReplyTemplate(tx, id);
    if (!existing || existing.clientId !== auth.clientId) throw new HttpError(404, `Template ${id} not found`, { field: 'body.id' });
    await assertMayChangeRuleTemplate(tx, auth, id, 'delete');
    if (!(await repo.deleteReplyTemplate(tx, id, auth.clientId))) throw new HttpError(404, `Template ${id} not found`, { field: 'body.id' });
    await audit(tx, { clientId: auth.clientId!, actorUserId: auth.userId, action: 'reply_template.deleted', target: `reply_template:${id}`, details: { name: existing.name }, at: ctx.now() });
  });
}
