import type { z } from 'zod';
import type { TClientOnboardingResponse, ZClientOnboardingRequest } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { audit } from '../../lib/audit.ts';
import type { AuthContext } from '../access/index.ts';
import { createInvitation, sha256 } from '../access/index.ts';
import * as repo from './tenancy.repository.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';

type OnboardingInput = z.output<typeof ZClientOnboardingRequest>;
type StoredResult = Omit<TClientOnboardingResponse, 'created' | 'invitation'>;

/**
 * The first result stored for `clientKey`, if any.
 * @throws 409 when the key was onboarded with a different request (a key names one client)
 */
async function replay(ctx: AppContext, input: OnboardingInput, requestHash: string): Promise<TClientOnboardingResponse | null> {
  const row = await repo.onboardingOfKey(ctx.db, input.clientKey);
  if (!row) return null;
  if (row.hash !== requestHash || !row.result) {
    throw new HttpError(409, `clientKey "${input.clientKey}" is already used by another onboarding`, { field: 'body.clientKey' });
  }
  const stored = row.result as unknown as StoredResult;
  // Results stored in earlier versions carried the owner's user id: answer the email only.
  return { ...stored, owner: { email: stored.owner.email }, created: false, invitation: null };
}

/**
 * `POST /api/client-onboarding` (docs/requirements/calls.md): creates the client, its brands,
 * outlets, linked Facebook Pages (by simulator or real page id; connected later through the
 * page-token flow) and its owner in one transaction, with an audit row.
 *
 * Idempotent on `clientKey`: the same request again answers the first result with
 * `created: false` and writes nothing; the same key with a different request is 409.
 * The owner is invited like any user (modules/access `createInvitation`, docs/decisions/0009):
 * no account is read or changed, so the answer is the same whether or not the owner's email has
 * an account elsewhere; the owner becomes a member on accepting.
 * @returns the created ids and the owner's invitation
 * @throws 409 a Facebook Page already linked to an outlet, or a reused key
 */
export async function onboardClient(ctx: AppContext, auth: AuthContext, input: OnboardingInput): Promise<TClientOnboardingResponse> {
  // The parsed request has defaults filled and keys in schema order, so equal requests hash equally.
  const requestHash = sha256(JSON.stringify({ ...input, owner: { ...input.owner, email: input.owner.email.toLowerCase() } }));
  const first = await replay(ctx, input, requestHash);
  if (first) return first;
  const pageIds = input.brands.flatMap((b) => b.outlets.flatMap((o) => (o.facebookPageId ? [o.facebookPageId] : [])));
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      if (pageIds.length) {
        const taken = await repo.linkedPageIds(tx, pageIds);
        if (taken.length) {
          throw new HttpError(409, `Facebook Page ${taken[0]!} is already linked to an outlet`, { field: 'body.brands.outlets.facebookPageId' });
        }
      }
      const c = await repo.insertClient(tx, { key: input.clientKey, name: input.name, createdAt: now });
      const email = input.owner.email.trim().toLowerCase();
      const result: StoredResult = { client: { id: c.id, key: c.key, name: c.name, brands: [] }, owner: { email } };
      for (const b of input.brands) {
        const brand = await repo.insertBrand(tx, { clientId: c.id, key: b.key, name: b.name, cuisines: b.cuisines, createdAt: now });
        const outlets: StoredResult['client']['brands'][number]['outlets'] = [];
        for (const o of b.outlets) {
          const outlet = await repo.insertOutlet(tx, { clientId: c.id, brandId: brand.id, key: o.key, name: o.name, city: o.city, createdAt: now });
          if (o.facebookPageId) await repo.insertPage(tx, { id: o.facebookPageId, clientId: c.id, outletId: outlet.id, name: o.name });
          outlets.push({ id: outlet.id, key: o.key, name: o.name, city: o.city, facebookPageId: o.facebookPageId ?? null });
        }
        result.client.brands.push({ id: brand.id, key: b.key, name: b.name, outlets });
      }
      const { invitation } = await createInvitation(
        tx,
        ctx,
        c.id,
        { email, fullName: input.owner.fullName, role: 'client_owner', access: { brandIds: [], outletIds: [], modules: [] } },
        auth.userId,
      );
      await repo.insertOnboarding(tx, { clientId: c.id, requestHash, result: result as unknown as Record<string, unknown>, createdByUserId: auth.userId, createdAt: now });
      await audit(tx, {
        clientId: c.id,
        actorUserId: auth.userId,
        action: 'client.onboarded',
        target: `client:${c.id}`,
        details: { key: c.key, brands: result.client.brands.length, outlets: result.client.brands.reduce((n, b) => n + b.outlets.length, 0), owner: email },
        at: now,
      });
      return { ...result, created: true, invitation };
    });
  } catch (e) {
    // A concurrent onboarding with the same key committed first: answer its result.
    if (uniqueViolation(e)) {
      const again = await replay(ctx, input, requestHash);
      if (again) return again;
      throw new HttpError(409, 'A Facebook Page or key of this request is already in use', { field: 'body' });
    }
    throw e;
  }
}
